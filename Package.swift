// swift-tools-version:6.1
import PackageDescription

/// Every target shows its imports (STYLE.md, "Files and names").
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// A release executable links the Swift runtime and Foundation statically, keeping only the
/// sections it uses: `rondo` starts in a few milliseconds instead of loading a dozen shared
/// libraries, and `rondod` maps the parts of them it uses instead of every library whole
/// (5 MiB less resident). lld links it: its symbols stay private (the runtime's default
/// `-export-dynamic` would make ld.so read 25,000 of them at every start), its relative
/// relocations are packed (`DT_RELR`: 2.5 MB of `.rela.dyn` becomes 20 kB that the loader
/// reads), and identical functions are folded; together 2–3 MiB less resident, and the
/// executable stays position-independent.
let staticRuntimeInRelease: [LinkerSetting] = [
    .unsafeFlags(
        [
            "-static-stdlib", "-l_FoundationCShims", "-l_FoundationCollections", "-lswiftSynchronization",
            "-lCoreFoundation", "-ldispatch", "-lBlocksRuntime", "-l_FoundationICU", "-Xlinker", "--gc-sections",
            "-use-ld=lld", "-Xlinker", "--no-export-dynamic", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
            "-Xlinker", "--icf=all",
        ],
        .when(configuration: .release))
]

/// The CLI is linked wholly static: each `rondo` command is a process of its own, and the
/// dynamic loader's work (mapping libstdc++, resolving its symbols) was a quarter of one.
let staticExecutableInRelease: [LinkerSetting] = [
    .unsafeFlags(
        [
            "-static-executable", "-l_FoundationCShims", "-l_FoundationCollections", "-lswiftSynchronization",
            "-Xlinker", "--gc-sections", "-use-ld=lld", "-Xlinker", "--icf=all",
        ],
        .when(configuration: .release))
]

/// rondod's code in the order of `Linking/rondod.order`: the sections that run in a typical
/// session first and together, so that a daemon at rest keeps its few touched pages of code
/// resident instead of one in every 64 KiB window of 22 MB (6 MiB less resident; see
/// Linking/README.md, and scripts/order-file.sh to write it again). Sections it no longer
/// names are placed as before.
let daemonCodeOrder: [LinkerSetting] = [
    .unsafeFlags(
        [
            "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Linking/rondod.order",
            "-Xlinker", "--no-warn-symbol-ordering",
        ],
        .when(configuration: .release))
]

let package = Package(
    name: "Rondo",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "rondod", targets: ["rondod"]),
        .executable(name: "rondo", targets: ["rondo"]),
        // For the benchmarks package in Benchmarks/.
        .library(name: "Focus", targets: ["Focus"]),
        .library(name: "Library", targets: ["Library"]),
        .library(name: "RondoProtocol", targets: ["RondoProtocol"]),
        .library(name: "RondoRouting", targets: ["RondoRouting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        .systemLibrary(name: "CPulse", pkgConfig: "libpulse", providers: [.apt(["libpulse-dev"])]),
        .systemLibrary(name: "CMPG123", pkgConfig: "libmpg123", providers: [.apt(["libmpg123-dev"])]),
        .systemLibrary(name: "CSoundTouch", providers: [.apt(["libsoundtouch-dev"])]),
        .systemLibrary(name: "CFLAC", pkgConfig: "flac", providers: [.apt(["libflac-dev"])]),
        .systemLibrary(name: "CVorbis", pkgConfig: "vorbisfile", providers: [.apt(["libvorbis-dev"])]),
        .systemLibrary(name: "COpus", pkgConfig: "opusfile", providers: [.apt(["libopusfile-dev"])]),
        .target(name: "CCurl"),
        .target(name: "CFFmpeg"),
        .target(name: "CSDBus", linkerSettings: [.linkedLibrary("systemd")]),
        .systemLibrary(name: "CMalloc"),
        .target(name: "CHeapAtStart"),
        .systemLibrary(name: "CLinux"),
        .target(name: "ContentIdentifiers", swiftSettings: strictSettings),
        .target(name: "ThreadJobs", dependencies: ["CLinux"], swiftSettings: strictSettings),
        .target(
            name: "LineServing", dependencies: ["CLinux", "ThreadJobs", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings),
        .target(name: "RondoProtocol", swiftSettings: strictSettings),
        .target(name: "RondoRouting", dependencies: ["Playback", "RondoProtocol"], swiftSettings: strictSettings),
        .target(
            name: "RondoView",
            dependencies: ["CLinux", "LineServing", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "RondoMPRIS",
            dependencies: ["CSDBus", "Playback", "TagReading", "ThreadJobs", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings
        ),
        .target(name: "Playback", dependencies: ["TagReading"], swiftSettings: strictSettings),
        .target(name: "TOMLReading", swiftSettings: strictSettings),
        .target(name: "Focus", dependencies: ["TOMLReading"], swiftSettings: strictSettings),
        .target(name: "FocusWire", dependencies: ["Focus", "RondoProtocol"], swiftSettings: strictSettings),
        .target(name: "TagReading", swiftSettings: strictSettings),
        .target(name: "TextEncodings", swiftSettings: strictSettings),
        .target(name: "Feeds", dependencies: ["TextEncodings"], swiftSettings: strictSettings),
        .target(name: "MPDProtocol", swiftSettings: strictSettings),
        .target(name: "PlaybackWire", dependencies: ["Playback", "RondoProtocol"], swiftSettings: strictSettings),
        .target(
            name: "RondoMPD",
            dependencies: [
                "Audio", "CLinux", "Library", "LineServing", "MPDProtocol", "Playback", "PlaybackWire", "RondoProtocol", "TagReading",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "Audio",
            dependencies: [
                "CPulse", "CMPG123", "CFLAC", "CVorbis", "COpus", "CFFmpeg", "CSoundTouch", "TagReading", "ContentIdentifiers",
                "Playback", "TextEncodings",
            ],
            swiftSettings: strictSettings
        ),
        .target(name: "Streams", dependencies: ["Audio", "CCurl", "TextEncodings"], swiftSettings: strictSettings),
        .target(
            name: "Library",
            dependencies: ["TagReading", "ContentIdentifiers", "Feeds", "ThreadJobs", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "RondoDaemon",
            dependencies: [
                "RondoProtocol", "RondoRouting", "ContentIdentifiers", "Playback", "Focus", "FocusWire", "Audio", "Streams", "Library",
                "Feeds", "TagReading", "RondoMPRIS", "RondoView", "RondoMPD", "PlaybackWire",
                "CMalloc", "CLinux", "ThreadJobs", "LineServing",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                "TOMLReading",
            ],
            swiftSettings: strictSettings
        ),
        .target(name: "RondoClient", dependencies: ["RondoProtocol"], swiftSettings: strictSettings),
        .target(name: "Spawning", swiftSettings: strictSettings),
        .target(name: "SinkMonitor", dependencies: ["Spawning"], swiftSettings: strictSettings),
        .target(
            name: "RondoScenarios",
            dependencies: ["Focus", "FocusWire", "TOMLReading", "RondoClient", "RondoProtocol", "Spawning", "SinkMonitor"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "RondoTesting",
            dependencies: ["RondoClient", "RondoProtocol", "Spawning", "SinkMonitor"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "rondod",
            dependencies: [
                "RondoDaemon", "CHeapAtStart",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings,
            linkerSettings: staticRuntimeInRelease + daemonCodeOrder
        ),
        .executableTarget(
            name: "rondo",
            dependencies: [
                "Playback", "RondoClient", "RondoProtocol",
            ],
            swiftSettings: strictSettings,
            linkerSettings: staticExecutableInRelease
        ),
        .executableTarget(
            name: "rondo-snapcast-control",
            dependencies: ["RondoClient", "RondoProtocol"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "rondo-scenario",
            dependencies: ["RondoScenarios", "RondoProtocol"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "FocusTests", dependencies: ["Focus", "TOMLReading", "RondoTesting"], swiftSettings: strictSettings),
        .testTarget(name: "TOMLReadingTests", dependencies: ["TOMLReading", "CMalloc"], swiftSettings: strictSettings),
        .testTarget(
            name: "RondoScenariosTests",
            dependencies: ["RondoScenarios", "Focus", "TOMLReading", "RondoTesting", "Spawning"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "PlaybackTests", dependencies: ["Playback", "RondoTesting"], swiftSettings: strictSettings),
        .testTarget(
            name: "LibraryTests",
            dependencies: [
                "Library", "TagReading", "Audio", "Feeds", "RondoTesting", "Spawning",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "RondoRoutingTests", dependencies: ["RondoRouting", "RondoProtocol", "RondoTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "ArchitectureTests", swiftSettings: strictSettings),
        .testTarget(name: "ContentIdentifiersTests", dependencies: ["ContentIdentifiers"], swiftSettings: strictSettings),
        .testTarget(name: "FeedsTests", dependencies: ["Feeds", "RondoTesting"], swiftSettings: strictSettings),
        .testTarget(name: "TextEncodingsTests", dependencies: ["TextEncodings", "RondoTesting"], swiftSettings: strictSettings),
        .testTarget(name: "MPDProtocolTests", dependencies: ["MPDProtocol", "RondoTesting"], swiftSettings: strictSettings),
        .testTarget(name: "LineServingTests", dependencies: ["LineServing", "RondoTesting"], swiftSettings: strictSettings),
        .testTarget(
            name: "RondoProtocolTests",
            dependencies: ["RondoProtocol", "RondoTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "RondoViewTests", dependencies: ["RondoView", "RondoTesting", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings),
        .testTarget(
            name: "RondoMPRISTests",
            dependencies: ["RondoMPRIS", "Playback", "RondoTesting", "Spawning", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "AudioTests",
            dependencies: [
                "ContentIdentifiers", "Audio", "Playback", "TagReading", "RondoProtocol", "RondoTesting", "Spawning", "SinkMonitor",
                "TextEncodings",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StreamsTests", dependencies: ["Streams", "Audio", "RondoTesting", "TextEncodings"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "RondoMPDTests", dependencies: ["RondoMPD", "MPDProtocol", "Library", "Playback"], swiftSettings: strictSettings),
        .testTarget(
            name: "RondoDaemonTests",
            dependencies: [
                "ContentIdentifiers", "Feeds", "RondoDaemon", "RondoProtocol", "RondoRouting", "RondoTesting", "Audio", "Library", "TagReading",
                "RondoMPD",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "RondoTesting", "RondoClient", "RondoProtocol", "Spawning", "SinkMonitor", "rondod", "rondo",
                "rondo-scenario",
            ],
            exclude: ["Golden"],
            swiftSettings: strictSettings
        ),
    ]
)

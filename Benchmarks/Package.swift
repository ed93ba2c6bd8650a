// swift-tools-version:6.1
import PackageDescription

/// In-process benchmarks of Rondo's cores and of its library store, apart from the main
/// package so that its build and tests do not carry the benchmark tooling.
/// Run: `swift package benchmark`.
let package = Package(
    name: "RondoBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Rondo", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "ArbiterBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Focus", package: "Rondo"),
            ],
            path: "ArbiterBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "LibraryBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Library", package: "Rondo"),
            ],
            path: "LibraryBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ProtocolBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "RondoProtocol", package: "Rondo"),
                .product(name: "RondoRouting", package: "Rondo"),
            ],
            path: "ProtocolBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)

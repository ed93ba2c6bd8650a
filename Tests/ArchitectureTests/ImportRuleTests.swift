import Foundation
import Testing

/// docs/ARCHITECTURE.md's module table is the rule every `import` under `Sources/` follows,
/// and the table's project modules are each target's dependencies in `Package.swift`.
@Suite struct ImportRuleTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// What the table allows one module: the project's modules, then the system's and packages'.
    struct Allowed: Equatable {
        var project: Set<String>
        var external: Set<String>
        var all: Set<String> { project.union(external) }
    }

    /// The module table of docs/ARCHITECTURE.md, by module (a row may name several).
    static func table() throws -> [String: Allowed] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let section = text.components(separatedBy: "## Modules").last?.components(separatedBy: "\n## ").first ?? ""
        var table: [String: Allowed] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 6 else { continue }
            for module in names(in: cells[1]) {
                table[module] = Allowed(project: names(in: cells[3]), external: names(in: cells[4]))
            }
        }
        return table
    }

    /// The names written in backquotes in a cell.
    private static func names(in cell: String) -> Set<String> {
        Set(cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().compactMap { $0.offset % 2 == 1 ? String($0.element) : nil })
    }

    /// The modules each Swift file under `Sources/<module>/` imports, with the file.
    static func imports() throws -> [(module: String, file: String, imported: String)] {
        let sources = root.appendingPathComponent("Sources")
        var found: [(String, String, String)] = []
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let directory = sources.appendingPathComponent(module)
            guard let walker = FileManager.default.enumerator(atPath: directory.path) else { continue }
            for case let file as String in walker where file.hasSuffix(".swift") {
                let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                for imported in importedModules(in: text) { found.append((module, file, imported)) }
            }
        }
        return found
    }

    /// The modules `import` lines of a Swift file name (`public import`, `@testable import`
    /// and `import struct A.B` included).
    static func importedModules(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            var words = line.split(separator: " ").map(String.init)
            while let first = words.first, first.hasPrefix("@") || ["public", "package", "internal", "private"].contains(first) {
                words.removeFirst()
            }
            guard words.first == "import", words.count >= 2 else { return nil }
            let path =
                words.count >= 3 && ["struct", "class", "enum", "protocol", "func", "var", "typealias"].contains(words[1])
                ? words[2] : words[1]
            return path.split(separator: ".").first.map(String.init)
        }
    }

    /// The project targets `Package.swift` declares and the targets and products each depends on.
    static func packageDependencies() throws -> [String: Set<String>] {
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var targets: [String: Set<String>] = [:]
        let kinds = [".target(", ".executableTarget(", ".systemLibrary("]
        var rest = Substring(text)
        while let start = kinds.compactMap({ rest.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }) {
            let body = balanced(rest[start.upperBound...])
            rest = rest[body.endIndex...]
            guard let name = firstQuoted(after: "name:", in: body) else { continue }
            var dependencies: Set<String> = []
            if let list = body.range(of: "dependencies:").map({ balanced(body[$0.upperBound...].drop { $0 != "[" }.dropFirst()) }) {
                var entries = list
                while let product = entries.range(of: ".product(") {
                    let inner = balanced(entries[product.upperBound...])
                    if let productName = firstQuoted(after: "name:", in: inner) { dependencies.insert(productName) }
                    entries = entries[..<product.lowerBound] + entries[inner.endIndex...]
                }
                dependencies.formUnion(quoted(in: entries))
            }
            targets[name] = dependencies
        }
        return targets
    }

    /// The text up to the bracket that closes the one just opened.
    private static func balanced(_ text: Substring) -> Substring {
        var depth = 1
        var index = text.startIndex
        while index < text.endIndex {
            switch text[index] {
            case "(", "[": depth += 1
            case ")", "]":
                depth -= 1
                if depth == 0 { return text[text.startIndex..<index] }
            default: break
            }
            index = text.index(after: index)
        }
        return text
    }

    private static func quoted(in text: Substring) -> Set<String> {
        Set(text.split(separator: "\"", omittingEmptySubsequences: false).enumerated().compactMap { $0.offset % 2 == 1 ? String($0.element) : nil })
    }

    private static func firstQuoted(after label: String, in text: Substring) -> String? {
        guard let at = text.range(of: label) else { return nil }
        return text[at.upperBound...].split(separator: "\"", maxSplits: 2, omittingEmptySubsequences: false).dropFirst().first.map(String.init)
    }

    /// Every import under `Sources/` is one its module's row allows.
    @Test func everyImportIsAllowed() throws {
        let table = try Self.table()
        #expect(table.count > 20, "the module table was not found: \(table.keys.sorted())")
        var offences: [String] = []
        for (module, file, imported) in try Self.imports() {
            guard let allowed = table[module] else {
                offences.append("Sources/\(module) has no row in docs/ARCHITECTURE.md")
                continue
            }
            if !allowed.all.contains(imported) {
                offences.append("Sources/\(module)/\(file) imports \(imported), which docs/ARCHITECTURE.md does not allow \(module)")
            }
        }
        #expect(Set(offences).isEmpty, "\(Set(offences).sorted().joined(separator: "\n"))")
    }

    /// Every target has a row, every row a target, and a row's project modules are exactly
    /// the target's dependencies among the project's targets.
    @Test func theTableMatchesThePackage() throws {
        let table = try Self.table()
        let package = try Self.packageDependencies()
        let sources = Set(try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Sources").path))
        #expect(Set(package.keys) == sources, "Package.swift's targets and Sources/ differ")
        #expect(
            Set(table.keys) == Set(package.keys),
            "rows without a target: \(Set(table.keys).subtracting(package.keys).sorted()); targets without a row: \(Set(package.keys).subtracting(table.keys).sorted())"
        )
        for (module, allowed) in table {
            guard let dependencies = package[module] else { continue }
            let projectDependencies = dependencies.intersection(package.keys)
            #expect(
                allowed.project == projectDependencies,
                "\(module): the table says \(allowed.project.sorted()), Package.swift \(projectDependencies.sorted())")
            let products = dependencies.subtracting(package.keys)
            #expect(
                products.isSubset(of: allowed.external),
                "\(module) depends on \(products.subtracting(allowed.external).sorted()), which its row does not list")
        }
    }

    /// The JSON socket's translations beside the player: its routes and the mappings
    /// between the wire's values and the player's.
    static let playerTranslations: Set<String> = [
        "Routes+Player.swift", "Routes+Queue.swift", "PlayerMapping.swift", "PlaybackWireNames.swift", "ReplayGainMapping.swift",
    ]

    /// The player speaks no wire: under `Sources/RondoDaemon/Player` only the JSON socket's
    /// translations import RondoProtocol or its router (RondoRouting); the player publishes
    /// its own state (the change feed's and its publications' core types), and a new file
    /// that imports either fails.
    @Test func thePlayerSpeaksNoWire() throws {
        let wire: Set<String> = ["RondoProtocol", "RondoRouting"]
        let onTheWire = Set(
            try Self.imports().filter { $0.module == "RondoDaemon" && $0.file.hasPrefix("Player/") && wire.contains($0.imported) }
                .map { String($0.file.dropFirst("Player/".count)) })
        #expect(
            onTheWire.subtracting(Self.playerTranslations).isEmpty,
            "the player's files import the wire: \(onTheWire.subtracting(Self.playerTranslations).sorted())")
    }

    /// The reader of imports finds each form of the statement, so the rule above checks them.
    @Test func importsAreRead() {
        let text = "import A\npublic import B\n@testable import C\nimport struct D.E\n// import F\nlet importG = 1\n  import H"
        #expect(Self.importedModules(in: text) == ["A", "B", "C", "D", "H"])
    }
}

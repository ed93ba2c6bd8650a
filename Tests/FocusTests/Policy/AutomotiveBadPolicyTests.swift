import Focus
import Foundation
import TOMLReading
import Testing

/// A malformed interaction-matrix policy and the error it must give.
struct BadMatrixPolicy: Sendable, CustomTestStringConvertible {
    let text: String
    let line: Int
    let message: String
    var testDescription: String { message }

    /// A valid two-role matrix policy; line numbers in comments.
    static let valid = """
        name = "car"
        kind = "interactionMatrix"
        roles = ["music", "navigation"]
        fallback_role = "music"
        [matrix.music]
        music = "exclusive"
        navigation = "concurrent"
        [matrix.navigation]
        music = "concurrent"
        navigation = "concurrent"
        """

    /// ``valid`` with line `line` (1-based) replaced by `replacement`, or removed for `nil`.
    static func valid(replacing line: Int, with replacement: String?) -> String {
        var lines = valid.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let replacement { lines[line - 1] = replacement } else { lines.remove(at: line - 1) }
        return lines.joined(separator: "\n")
    }

    private static let allRoles =
        "music, navigation, voiceCommand, callRing, call, alarm, notification, systemSound, emergency, safety, "
        + "vehicleStatus, announcement or voicemail"
    private static let matrixKeys =
        "name, kind, duck_level, ramp_ms, prompt_hold_s, launch_window_s, prompt_style, prompt_rule, roles, "
        + "fallback_role, permanent_interrupters, matrix, duck, role_rule, adopt or adopt_default"
    private static let choices = #""reject", "exclusive" or "concurrent""#

    static let all: [BadMatrixPolicy] = [
        BadMatrixPolicy(
            text: valid(replacing: 3, with: "# no roles"), line: 1,
            message: #"missing key "roles" at the top level; add it, e.g. roles = ["music", "navigation"]"#),
        BadMatrixPolicy(
            text: valid(replacing: 3, with: "roles = []"), line: 3, message: "roles must list at least one role"),
        BadMatrixPolicy(
            text: valid(replacing: 3, with: "roles = 3"), line: 3,
            message: "roles must be a list of roles, not an integer"),
        BadMatrixPolicy(
            text: valid(replacing: 3, with: #"roles = ["music", 2]"#), line: 3,
            message: "roles must be a list of roles, not an integer"),
        BadMatrixPolicy(
            text: valid(replacing: 3, with: #"roles = ["music", "pilot"]"#), line: 3,
            message: #"unknown role "pilot" at the top level; use \#(allRoles)"#),
        BadMatrixPolicy(
            text: valid(replacing: 3, with: #"roles = ["music", "navigation", "music"]"#), line: 3,
            message: #"role "music" is given twice in roles at the top level; give each role once"#),
        BadMatrixPolicy(
            text: valid(replacing: 4, with: ""), line: 1,
            message: #"missing key "fallback_role" at the top level; add it, e.g. fallback_role = "music""#),
        BadMatrixPolicy(
            text: valid(replacing: 4, with: #"fallback_role = "alarm""#), line: 4,
            message: #"role "alarm" at the top level is not listed in roles; add it to roles or use music or "#
                + "navigation"),
        BadMatrixPolicy(
            text: "name = \"car\"\nkind = \"interactionMatrix\"\nroles = [\"music\"]\nfallback_role = \"music\"",
            line: 1, message: "missing [matrix] at the top level; add a [matrix.ROLE] table for each role in roles"),
        BadMatrixPolicy(
            text: valid.split(separator: "\n").prefix(7).joined(separator: "\n"), line: 5,
            message: #"missing row "navigation" in [matrix]; add [matrix.navigation] with a cell for each role "#
                + "in roles"),
        BadMatrixPolicy(
            text: valid(replacing: 10, with: nil), line: 8,
            message: #"missing cell "navigation" in [matrix.navigation]; add navigation = \#(choices)"#),
        BadMatrixPolicy(
            text: valid(replacing: 7, with: #"navigation = "duck""#), line: 7,
            message: #"unknown interaction "duck" in [matrix.music]; use \#(choices)"#),
        BadMatrixPolicy(
            text: valid(replacing: 7, with: "navigation = 2"), line: 7,
            message: #"navigation must be \#(choices), not an integer"#),
        BadMatrixPolicy(
            text: valid + "\n[matrix.pilot]\nmusic = \"reject\"", line: 11,
            message: #"unknown role "pilot" in [matrix]; use a role listed in roles: music or navigation"#),
        BadMatrixPolicy(
            text: valid + "\n[matrix.alarm]\nmusic = \"reject\"", line: 11,
            message: #"role "alarm" in [matrix] is not listed in roles; add it to roles or use music or navigation"#),
        BadMatrixPolicy(
            text: valid(replacing: 6, with: #"voicemail = "reject""#), line: 6,
            message: #"role "voicemail" in [matrix.music] is not listed in roles; add it to roles or use music or "#
                + "navigation"),
        BadMatrixPolicy(
            text: valid(replacing: 5, with: #"matrix.music = "exclusive""#).split(separator: "\n").prefix(5)
                .joined(separator: "\n") + "\n[matrix.navigation]\nmusic = \"concurrent\"\nnavigation = \"concurrent\"",
            line: 5, message: "music must be a table of cells, such as [matrix.music], not a string"),
        BadMatrixPolicy(
            text: valid + "\n[duck]\nnavigation = [\"music\", \"pilot\"]", line: 12,
            message: #"unknown role "pilot" in [duck]; use a role listed in roles: music or navigation"#),
        BadMatrixPolicy(
            text: valid + "\n[duck]\nnavigation = [\"music\"]\ncall = [\"music\"]", line: 13,
            message: #"role "call" in [duck] is not listed in roles; add it to roles or use music or navigation"#),
        BadMatrixPolicy(
            text: valid + "\n[duck]\nnavigation = true", line: 12,
            message: "navigation must be a list of roles, not a boolean"),
        BadMatrixPolicy(
            text: valid(replacing: 4, with: "fallback_role = \"music\"\npermanent_interrupters = [\"alarm\"]"), line: 5,
            message: #"role "alarm" at the top level is not listed in roles; add it to roles or use music or "#
                + "navigation"),
        BadMatrixPolicy(
            text: valid + "\n[[role_rule]]\nwhen = { call = true }\nrole = \"call\"", line: 13,
            message: #"role "call" in [[role_rule]] is not listed in roles; add it to roles or use music or "#
                + "navigation"),
        BadMatrixPolicy(
            text: valid + "\n[[role_rule]]\nwhen = { call = true }", line: 11,
            message: #"missing key "role" in [[role_rule]]; add it, e.g. role = "music""#),
        BadMatrixPolicy(
            text: valid + "\n[[role_rule]]\nrole = \"music\"", line: 11,
            message: #"missing key "when" in [[role_rule]]; add it, e.g. when = { call = true }"#),
        BadMatrixPolicy(
            text: valid + "\n[[role_rule]]\nwhen = { mode = \"karaoke\" }\nrole = \"music\"", line: 12,
            message: #"unknown mode "karaoke"; use default, spokenAudio, voicePrompt, voiceChat, videoChat, "#
                + "moviePlayback or measurement"),
        BadMatrixPolicy(
            text: valid + "\n[[role_rule]]\nwhen = {}\nrole = \"music\"\nstyle = \"short\"", line: 14,
            message: #"unknown key "style" in [[role_rule]]; use when or role"#),
        BadMatrixPolicy(
            text: valid(replacing: 4, with: "fallback_role = \"music\"\nmusic_resumes_after_music = true"), line: 5,
            message: #"unknown key "music_resumes_after_music" at the top level; use \#(matrixKeys)"#),
        BadMatrixPolicy(
            text: valid + "\n[[priority]]\nclass = \"call\"\nwhen = {}\nblocks = {}", line: 11,
            message: #"unknown key "priority" at the top level; use \#(matrixKeys)"#),
        BadMatrixPolicy(
            text: valid(replacing: 2, with: #"kind = "matrix""#), line: 2,
            message: #"unknown kind "matrix"; use audioSession or interactionMatrix"#),
        BadMatrixPolicy(
            text: valid(replacing: 2, with: "# kind left out"), line: 3,
            message: "unknown key \"roles\" at the top level; use name, kind, duck_level, ramp_ms, "
                + "music_resumes_after_music, prompt_hold_s, launch_window_s, prompt_style, prompt_rule, priority, adopt or adopt_default"),
    ]
}

@Suite struct AutomotiveBadPolicyTests {
    /// The small valid matrix the malformed ones are made from loads.
    @Test func validMatrixLoads() throws {
        let policy = try FocusPolicy(toml: BadMatrixPolicy.valid, file: "p.toml")
        #expect(policy.kind == .interactionMatrix)
        #expect(
            policy.interactionMatrix
                == InteractionMatrix(
                    roles: [.music, .navigation],
                    cells: [
                        .music: [.music: .exclusive, .navigation: .concurrent],
                        .navigation: [.music: .concurrent, .navigation: .concurrent],
                    ],
                    fallbackRole: .music
                ))
        #expect(policy.priorityRules.isEmpty)
        #expect(policy.promptStyleRules == FocusPolicy.defaultPromptStyleRules)
    }

    /// Each malformed matrix policy fails with the file, the line at fault and what to do.
    @Test(arguments: BadMatrixPolicy.all)
    func malformedMatrix(_ bad: BadMatrixPolicy) {
        #expect(throws: PolicyError(file: "p.toml", line: bad.line, message: bad.message)) {
            try FocusPolicy(toml: bad.text, file: "p.toml")
        }
    }

    /// Removing any one cell line of the packaged automotive.toml fails at its row's header,
    /// naming the missing cell.
    @Test func everyPackagedCellIsRequired() throws {
        let text = try String(contentsOfFile: AutomotiveReference.path, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var header = 0
        var checked = 0
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("[") { header = line.hasPrefix("[matrix.") ? index + 1 : 0 }
            guard header > 0, !line.hasPrefix("#"), let key = line.split(separator: " ").first, line.contains(" = \"")
            else { continue }
            var shortened = lines
            shortened[index] = "# removed"
            let row = lines[header - 1].dropFirst("[matrix.".count).dropLast()
            #expect(
                throws: PolicyError(
                    file: "automotive.toml", line: header,
                    message: #"missing cell "\#(key)" in [matrix.\#(row)]; add \#(key) = "reject", "exclusive" "#
                        + #"or "concurrent""#)
            ) {
                try FocusPolicy(toml: shortened.joined(separator: "\n"), file: "automotive.toml")
            }
            checked += 1
        }
        #expect(checked == 144)
    }

    /// A cell of the packaged file changed to a value that is not an interaction fails at
    /// that cell's line.
    @Test func packagedCellValueIsChecked() throws {
        let text = try String(contentsOfFile: AutomotiveReference.path, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let row = try #require(lines.firstIndex(of: "[matrix.call]"))
        let cell = try #require(lines[row...].firstIndex(of: #"navigation = "concurrent""#))
        lines[cell] = #"navigation = "rejected""#
        #expect(
            throws: PolicyError(
                file: "automotive.toml", line: cell + 1,
                message: #"unknown interaction "rejected" in [matrix.call]; use "reject", "exclusive" or "concurrent""#)
        ) {
            try FocusPolicy(toml: lines.joined(separator: "\n"), file: "automotive.toml")
        }
    }
}

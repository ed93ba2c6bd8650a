extension BadScenario {
    /// A scenario with sessions `music` and `nav`, a first step spawning `call` (a phone
    /// stream) and, if given, a second (mpv, controllable) spawning `video`, then `step` as
    /// the last step's body, which starts at line 11 (line 14 after `video`).
    static func afterSpawn(_ body: String, video: Bool = false) -> String {
        let spawnVideo = """
            [[step]]
            spawn = ["mpv", "--input-ipc-server={ipc}", "-"]
            id = "video"

            """
        return step(
            """
            spawn = ["paplay", "-"]
            id = "call"
            properties = { "media.role" = "phone" }

            \(video ? spawnVideo : "")[[step]]
            \(body)
            """)
    }

    /// Malformed `spawn` steps and program actions, each with its line and message.
    static let spawns: [BadScenario] = [
        BadScenario(
            text: step("spawn = [\"paplay\"]"), line: 5,
            message: #"missing key "id" in [[step]]; add it, e.g. id = "call" (the name later steps use)"#),
        BadScenario(
            text: step("spawn = []\nid = \"call\""), line: 6,
            message: #"spawn must name a program to start, such as ["paplay", "-"]"#),
        BadScenario(
            text: step("spawn = [\"\", \"-\"]\nid = \"call\""), line: 6,
            message: #"spawn must name a program to start, such as ["paplay", "-"]"#),
        BadScenario(
            text: step("spawn = \"paplay -\"\nid = \"call\""), line: 6,
            message: #"spawn must be a list of strings, the program and its arguments, such as ["paplay", "-"], not a string"#),
        BadScenario(
            text: step("spawn = [\"paplay\", 3]\nid = \"call\""), line: 6,
            message:
                #"spawn must be a list of strings, the program and its arguments, such as ["paplay", "-"], not an integer"#),
        BadScenario(
            text: step("spawn = [\"paplay\"]\nid = \"music\""), line: 7,
            message: #"id "music" is already a session or program of this scenario (known: music, nav); choose another"#),
        BadScenario(
            text: afterSpawn("spawn = [\"paplay\"]\nid = \"call\""), line: 12,
            message:
                #"id "call" is already a session or program of this scenario (known: music, nav, call); choose another"#),
        BadScenario(
            text: step("spawn = [\"paplay\"]\nid = \"a call\""), line: 7,
            message: #"session name "a call" must be one word of letters, digits, - or _, such as "nav""#),
        BadScenario(
            text: step("spawn = [\"paplay\"]\nid = \"error\""), line: 7,
            message: #"session name "error" is reserved (error, gain, promptStyle, route); choose another"#),
        BadScenario(
            text: step("spawn = [\"paplay\"]\nid = \"call\"\nproperties = { \"media.role\" = 3 }"), line: 8,
            message: #"property "media.role" must be a string, such as "phone", not an integer"#),
        BadScenario(
            text: step("spawn = [\"paplay\"]\nid = \"call\"\nproperties = { media.role = true }"), line: 8,
            message: #"property "media.role" must be a string, such as "phone", not a boolean"#),
        BadScenario(
            text: step("spawn = [\"paplay\"]\nid = \"call\"\nproperties = { \"media role\" = \"phone\" }"), line: 8,
            message: #"property name "media role" must be letters, digits, '.', '-' or '_', such as "media.role""#),
        BadScenario(
            text: step("spawn = [\"paplay\"]\nid = \"call\"\nproperties = { \"media.name\" = \"a\\nb\" }"), line: 8,
            message: #"property "media.name" must not hold control characters such as a line end"#),
        BadScenario(
            text: step("spawn = [\"paplay\"]\nid = \"call\"\nproperties = \"media.role=phone\""), line: 8,
            message: "properties must be a table, such as { call = true }, not a string"),
        BadScenario(
            text: step("spawn = [\"paplay\"]\nid = \"call\"\ntone = 20"), line: 8,
            message: "tone must be a whole number of hertz from 50 to 15000, such as 660, not 20"),
        BadScenario(
            text: step("spawn = [\"paplay\"]\nid = \"call\"\ntone = 660.5"), line: 8,
            message: "tone must be a whole number of hertz from 50 to 15000, such as 660, not a float"),
        BadScenario(
            text: step("spawn = [\"paplay\"]\nid = \"call\"\nbinary = \"paplay\""), line: 8,
            message: #"unknown key "binary" in [[step]]; use spawn, id, properties, tone, expect or events"#),
        BadScenario(
            text: step("do = \"activate music\"\nspawn = [\"paplay\"]\nid = \"call\""), line: 6,
            message: "a step either does an action (do) or starts a program (spawn); split it into two steps"),
        BadScenario(
            text: step("do = \"activate music\"\nid = \"call\""), line: 7,
            message: #"id belongs to a spawn step; add spawn = ["paplay", "-"] or leave id out"#),
        BadScenario(
            text: step("do = \"stop music\""), line: 6,
            message: #""stop" takes the id of a program an earlier spawn step started and no step ended, "#
                + #"not "music" (none runs)"#),
        BadScenario(
            text: afterSpawn("do = \"kill call now\""), line: 11,
            message: #""kill" takes the id of a spawned program, e.g. "kill call""#),
        BadScenario(
            text: afterSpawn("do = \"kill call\"\n[[step]]\ndo = \"stop call\""), line: 13,
            message: #""stop" takes the id of a program an earlier spawn step started and no step ended, "#
                + #"not "call" (none runs)"#),
        BadScenario(
            text: afterSpawn("do = \"pause call\""), line: 11,
            message: #""pause call" needs a program listening on mpv's JSON IPC; give it "#
                + #""--input-ipc-server={ipc}" in its spawn command"#),
        BadScenario(
            text: afterSpawn("do = \"play radio\"", video: true), line: 14,
            message: #""play" takes the id of a program an earlier spawn step started and no step ended, "#
                + #"not "radio" (running: call, video)"#),
        BadScenario(
            text: afterSpawn("do = \"deactivate call\""), line: 11,
            message: #""call" is a spawned program: its session follows its stream; use stop, kill, pause or play"#),
        BadScenario(
            text: afterSpawn("do = \"open call playback\""), line: 11,
            message: #""call" is the id of a spawned program; open a session of another name"#),
    ]
}

import RondoProtocol

extension Command {
    /// `radio`, `radio add URL [NAME]`, `radio remove ID`.
    static let radio: [Command] = [list, add, remove]

    private static let list = Command(
        name: ["radio"], arguments: "", summary: "List the radio stations, each with its identifier."
    ) { global, arguments throws(CLIFailure) in
        guard arguments.isEmpty else {
            throw arguments.usage("unknown radio command '\(arguments[0])'; use add URL [NAME] or remove ID")
        }
        let stations = try global.call(Methods.RadioList.self, Empty())
        if global.json { return global.printJSON(stations) }
        if stations.isEmpty { print("no radio stations; add one with: rondo radio add URL [NAME]") }
        for station in stations { print("\(station.name)  \(station.url)  \(station.identifier)") }
    }

    private static let add = Command(
        name: ["radio", "add"], arguments: "URL [NAME] [--artwork URL]",
        summary: "Add a radio station (named after the URL's host without NAME, renamed if added again)"
            + " and print its identifier.",
        options: [CommandOption(name: "--artwork", value: "URL")]
    ) { global, arguments throws(CLIFailure) in
        guard !arguments.isEmpty else { throw arguments.usage("radio add needs the station's URL, e.g. https://host/stream") }
        let name = arguments.words.dropFirst().joined(separator: " ")
        let params = RadioAddParams(url: arguments[0], name: name.isEmpty ? nil : name, artwork: arguments.value("--artwork"))
        let result = try global.call(Methods.RadioAdd.self, params)
        if global.json { return global.printJSON(result) }
        print(result.identifier)
    }

    private static let remove = Command(
        name: ["radio", "remove"], arguments: "ID", summary: "Remove the radio station with identifier ID."
    ) { global, arguments throws(CLIFailure) in
        try arguments.expect(1)
        let result = try global.call(Methods.RadioRemove.self, IdentifierParams(identifier: arguments[0]))
        if global.json { global.printJSON(result) }
    }
}

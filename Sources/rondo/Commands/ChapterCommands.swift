import RondoProtocol

extension Command {
    /// `chapter [N|next|previous]`: the current item's chapters, or a move between them.
    static let chapter = Command(
        name: ["chapter"], arguments: "[N|next|previous]",
        summary: "List the current item's chapters (the playing one marked), or go to chapter N (from 0),"
            + " the next, or the previous (which restarts a chapter after its first 3 s)."
    ) { global, arguments throws(CLIFailure) in
        let result: ChaptersResult
        switch arguments.words.first {
        case nil: result = try global.call(Methods.ChaptersGet.self, Empty())
        case "next": result = try global.call(Methods.PlayerChapter.self, ChapterParams(step: .next))
        case "previous": result = try global.call(Methods.PlayerChapter.self, ChapterParams(step: .previous))
        case let word?:
            guard arguments.words.count == 1, let index = Int(word), index >= 0 else {
                throw arguments.usage("chapter takes a chapter's number (from 0), next or previous, not '\(arguments.words.joined(separator: " "))'")
            }
            result = try global.call(Methods.PlayerChapter.self, ChapterParams(index: index))
        }
        if global.json { return global.printJSON(result) }
        if result.chapters.isEmpty { return print("the current item has no chapters") }
        for chapter in result.chapters {
            let mark = chapter.index == result.current ? "▶" : " "
            print("\(mark) \(chapter.index)  \(Format.time(chapter.start))  \(chapter.title ?? "Chapter \(chapter.index + 1)")")
        }
    }
}

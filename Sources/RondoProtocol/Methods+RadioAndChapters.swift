/// The methods of SPEC §10 and §11: radio stations and chapters.
extension Methods {
    /// `radio.list`: every radio station, by name (SPEC §10).
    public enum RadioList: RPCMethod {
        public typealias Params = Empty
        public typealias Result = [RadioStation]
        public static let name = "radio.list"
    }
    /// `radio.add`: keeps a radio station (SPEC §10); the same URL again gives the same
    /// station, renamed when a name is given.
    public enum RadioAdd: RPCMethod {
        public typealias Params = RadioAddParams
        public typealias Result = RadioAddResult
        public static let name = "radio.add"
    }
    /// `radio.remove`: forgets a radio station (SPEC §10).
    public enum RadioRemove: RPCMethod {
        public typealias Params = IdentifierParams
        public typealias Result = Empty
        public static let name = "radio.remove"
    }
    /// `chapters.get`: the current item's chapters and the one playing (SPEC §11).
    public enum ChaptersGet: RPCMethod {
        public typealias Params = Empty
        public typealias Result = ChaptersResult
        public static let name = "chapters.get"
    }
    /// `player.chapter`: goes to a chapter of the current item, by index or a step (SPEC §11).
    public enum PlayerChapter: RPCMethod {
        public typealias Params = ChapterParams
        public typealias Result = ChaptersResult
        public static let name = "player.chapter"
    }
}

/// A method of the wire protocol: its name and the types of its params and result.
public protocol RPCMethod: Sendable {
    /// What the method takes.
    associatedtype Params: Codable & Sendable
    /// What it returns.
    associatedtype Result: Codable & Sendable
    /// The wire name (`queue.append`).
    static var name: String { get }
}

/// An event notification: its wire name, the topic it belongs to and its params type.
public protocol RPCEvent: Sendable {
    /// What the event carries.
    associatedtype Params: Codable & Sendable
    /// The notification's method name (`nowPlaying.changed`).
    static var name: String { get }
    /// The topic a connection subscribes to for it.
    static var topic: EventTopic { get }
}

/// Every method and event of the protocol, once (the contract of SPEC §2 in code).
public enum Methods {
    /// `daemon.info`: the daemon's version, socket and music directory.
    public enum DaemonInfoMethod: RPCMethod {
        public typealias Params = Empty
        public typealias Result = DaemonInfo
        public static let name = "daemon.info"
    }
    /// `remote.send`: one remote command (SPEC §4), answered with its status.
    public enum RemoteSend: RPCMethod {
        public typealias Params = RemoteSendParams
        public typealias Result = RemoteSendResult
        public static let name = "remote.send"
    }
    /// `remote.list`: every remote command with its enabled flag and properties.
    public enum RemoteList: RPCMethod {
        public typealias Params = Empty
        public typealias Result = [RemoteCommandInfo]
        public static let name = "remote.list"
    }
    /// `remote.setEnabled`: enables or disables one remote command.
    public enum RemoteSetEnabled: RPCMethod {
        public typealias Params = RemoteSetEnabledParams
        public typealias Result = Empty
        public static let name = "remote.setEnabled"
    }
    /// `nowPlaying.get`: the playback state and now-playing dictionary.
    public enum NowPlayingGet: RPCMethod {
        public typealias Params = Empty
        public typealias Result = NowPlayingState
        public static let name = "nowPlaying.get"
    }
    /// `queue.get`: the queue's items and current index.
    public enum QueueGet: RPCMethod {
        public typealias Params = QueueGetParams
        public typealias Result = QueueGetResult
        public static let name = "queue.get"
    }
    /// `queue.set`: replaces the queue.
    public enum QueueSet: RPCMethod {
        public typealias Params = QueueItemsParams
        public typealias Result = QueueCountResult
        public static let name = "queue.set"
    }
    /// `queue.append`: adds items at the end of the queue.
    public enum QueueAppend: RPCMethod {
        public typealias Params = QueueItemsParams
        public typealias Result = QueueCountResult
        public static let name = "queue.append"
    }
    /// `queue.remove`: removes the item at an index.
    public enum QueueRemove: RPCMethod {
        public typealias Params = QueueIndexParams
        public typealias Result = Empty
        public static let name = "queue.remove"
    }
    /// `queue.move`: moves an item to another index.
    public enum QueueMove: RPCMethod {
        public typealias Params = QueueMoveParams
        public typealias Result = Empty
        public static let name = "queue.move"
    }
    /// `queue.clear`: empties the queue and stops.
    public enum QueueClear: RPCMethod {
        public typealias Params = Empty
        public typealias Result = Empty
        public static let name = "queue.clear"
    }
    /// `queue.playIndex`: plays the item at an index.
    public enum QueuePlayIndex: RPCMethod {
        public typealias Params = QueueIndexParams
        public typealias Result = Empty
        public static let name = "queue.playIndex"
    }
    /// `events.subscribe`: chooses the event topics of this connection.
    public enum EventsSubscribe: RPCMethod {
        public typealias Params = SubscribeParams
        public typealias Result = Empty
        public static let name = "events.subscribe"
    }

    /// Every method, in SPEC order.
    public static let all: [any RPCMethod.Type] = [
        DaemonInfoMethod.self, RemoteSend.self, RemoteList.self, RemoteSetEnabled.self, NowPlayingGet.self, QueueGet.self, QueueSet.self,
        QueueAppend.self, QueueRemove.self, QueueMove.self, QueueClear.self, QueuePlayIndex.self,
        EventsSubscribe.self,
    ]
}

/// Every event notification of the protocol.
public enum Events {
    /// `nowPlaying.changed`: the now-playing dictionary changed discretely.
    public enum NowPlayingChanged: RPCEvent {
        public typealias Params = NowPlayingState
        public static let name = "nowPlaying.changed"
        public static let topic = EventTopic.nowPlaying
    }
    /// `queue.changed`: the queue or its current index changed.
    public enum QueueChangedEvent: RPCEvent {
        public typealias Params = QueueChanged
        public static let name = "queue.changed"
        public static let topic = EventTopic.queue
    }
    /// `remote.changed`: a command's enabled flag or properties changed.
    public enum RemoteChangedEvent: RPCEvent {
        public typealias Params = RemoteChanged
        public static let name = "remote.changed"
        public static let topic = EventTopic.remote
    }

    /// Every event, in SPEC order.
    public static let all: [any RPCEvent.Type] = [NowPlayingChanged.self, QueueChangedEvent.self, RemoteChangedEvent.self]
}

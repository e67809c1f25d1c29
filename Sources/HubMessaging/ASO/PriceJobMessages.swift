/// A price job and its items as the operator API shows them (docs/pricing.md, "Price jobs").
public struct PriceJobDTO: Codable, Equatable, Sendable {
    public struct Item: Codable, Equatable, Sendable {
        public var territory: String
        /// The price point the job sets.
        public var targetPointId: String
        /// Apple's point when the job was submitted (what a conflicting change is measured against).
        public var fromPointId: String?
        /// `pending`, `running`, `sent`, `succeeded`, `failed`, `uncertain`, `cancelled`.
        public var state: String
        public var attempts: Int
        public var error: String?
        public var updatedAt: String

        public init(
            territory: String, targetPointId: String, fromPointId: String?, state: String, attempts: Int, error: String?,
            updatedAt: String
        ) {
            self.territory = territory
            self.targetPointId = targetPointId
            self.fromPointId = fromPointId
            self.state = state
            self.attempts = attempts
            self.error = error
            self.updatedAt = updatedAt
        }
    }

    public var id: String
    public var projectId: String
    public var productId: String
    public var previewId: String?
    /// The job this one compensates (a rollback), if any.
    public var rollbackOf: String?
    public var startDate: String?
    public var preserveCurrentPrice: Bool
    public var createdAt: String
    public var items: [Item]

    public init(
        id: String, projectId: String, productId: String, previewId: String?, rollbackOf: String?, startDate: String?,
        preserveCurrentPrice: Bool, createdAt: String, items: [Item]
    ) {
        self.id = id
        self.projectId = projectId
        self.productId = productId
        self.previewId = previewId
        self.rollbackOf = rollbackOf
        self.startDate = startDate
        self.preserveCurrentPrice = preserveCurrentPrice
        self.createdAt = createdAt
        self.items = items
    }
}

/// `prices.jobs.submit`: records a job from a stored preview's proposed points, items `pending`;
/// the `prices` worker does the writes later.
public enum PriceJobSubmit: RPCMessage {
    public static let type = "prices.jobs.submit"
    public struct Request: Codable, Equatable, Sendable {
        public var app: ASCAppRef
        public var previewId: String
        /// Only these territories of the preview; nil: every proposed one.
        public var territories: [String]?
        public var startDate: String?
        public var preserveCurrentPrice: Bool
        public init(app: ASCAppRef, previewId: String, territories: [String]?, startDate: String?, preserveCurrentPrice: Bool) {
            self.app = app
            self.previewId = previewId
            self.territories = territories
            self.startDate = startDate
            self.preserveCurrentPrice = preserveCurrentPrice
        }
    }
    public typealias Response = PriceJobDTO
}

/// Names one price job of a project.
public struct PriceJobRef: Codable, Equatable, Sendable {
    public var app: ASCAppRef
    public var jobId: String
    public init(app: ASCAppRef, jobId: String) {
        self.app = app
        self.jobId = jobId
    }
}

/// `prices.jobs.get`.
public enum PriceJobGet: RPCMessage {
    public static let type = "prices.jobs.get"
    public typealias Request = PriceJobRef
    public typealias Response = PriceJobDTO
}

/// `prices.jobs.action`: `cancel` (pending items), `retry` (failed items), `rollback` (a new
/// job setting succeeded items back to their previous points).
public enum PriceJobAction: RPCMessage {
    public static let type = "prices.jobs.action"
    public struct Request: Codable, Equatable, Sendable {
        public var job: PriceJobRef
        public var action: String
        public init(job: PriceJobRef, action: String) {
            self.job = job
            self.action = action
        }
    }
    public typealias Response = PriceJobDTO
}

/// `prices.jobs.list`: a project's newest price jobs with their items, newest first.
public enum PriceJobList: RPCMessage {
    public static let type = "prices.jobs.list"
    public struct Request: Codable, Equatable, Sendable {
        public var projectId: String
        public var limit: Int
        public init(projectId: String, limit: Int) {
            self.projectId = projectId
            self.limit = limit
        }
    }
    public struct Response: Codable, Equatable, Sendable {
        public var items: [PriceJobDTO]
        public init(items: [PriceJobDTO]) { self.items = items }
    }
}

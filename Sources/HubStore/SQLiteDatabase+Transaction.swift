import CSQLite

extension SQLiteDatabase {
    /// Runs `body` in a transaction: `BEGIN IMMEDIATE` (taking the write lock up front, so it
    /// waits for the busy timeout at the start instead of failing at commit), `COMMIT` on
    /// return, `ROLLBACK` when `body` or the commit throws. A call inside another uses a
    /// savepoint, so its failure undoes only its own work.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try locked {
            let depth = transactionDepth
            let savepoint = "an_sp\(depth)"
            try run(depth == 0 ? "BEGIN IMMEDIATE" : "SAVEPOINT \(savepoint)")
            transactionDepth += 1
            defer { transactionDepth -= 1 }
            let result: T
            do {
                result = try body()
                if depth == 0 { for step in commitSteps { try step() } }
                try run(depth == 0 ? "COMMIT" : "RELEASE \(savepoint)")
            } catch {
                rollBack(depth: depth, savepoint: savepoint)
                throw error
            }
            return result
        }
    }

    /// Adds work that runs at the end of every outermost transaction, inside it, after its
    /// savepoints were released or rolled back and before its COMMIT: work a store wants once
    /// per commit instead of once per savepoint (a group commit's batch). A step that throws
    /// rolls the whole transaction back. Call before the connection is shared.
    public func addCommitStep(_ step: @escaping () throws -> Void) {
        locked { commitSteps.append(step) }
    }

    /// Errors here are dropped: the caller's error is the one worth reporting, and SQLite may
    /// already have rolled back (after a failed COMMIT or an I/O error).
    private func rollBack(depth: Int, savepoint: String) {
        if depth == 0 {
            if isInTransaction { try? run("ROLLBACK") }
        } else {
            try? run("ROLLBACK TO \(savepoint)")
            try? run("RELEASE \(savepoint)")
        }
    }
}

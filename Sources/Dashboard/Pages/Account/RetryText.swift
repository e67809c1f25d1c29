/// "Try again in …" for a refusal that carries `Retry-After` (seconds): seconds under a
/// minute, whole minutes (rounded up) from there, so the wait is never understated.
enum RetryText {
    static func tryAgain(in seconds: Int) -> String {
        let seconds = max(1, seconds)
        if seconds < 60 { return "Try again in \(seconds) second" + (seconds == 1 ? "." : "s.") }
        let minutes = (seconds + 59) / 60
        return "Try again in \(minutes) minute" + (minutes == 1 ? "." : "s.")
    }
}

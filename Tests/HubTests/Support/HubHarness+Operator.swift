/// The harness calls the operator API itself, for fixtures setting up before they are whole
/// and for tests that bootstrap a token of their own.
extension HubHarness: OperatorAPIClient {
    var hub: HubHarness { self }
}

import XCTest

@testable import HubMessaging

/// The token rule shared by ingest and pushd: hex of 1–256 raw bytes.
final class PushDeviceTests: XCTestCase {
    func testTokensAreHexOfOneTo256Bytes() {
        // Given tokens at and around the limits
        let valid = ["00", "aB", String(repeating: "0f", count: 32), String(repeating: "ff", count: 256)]
        let invalid = ["", "a", "abc", "zz", "0x12", "ab cd", String(repeating: "ff", count: 257)]

        // When they are checked
        let accepted = valid.map(PushDevice.isValidToken)
        let refused = invalid.map(PushDevice.isValidToken)

        // Then only the hex of 1-256 bytes passes
        XCTAssertEqual(accepted, Array(repeating: true, count: valid.count))
        XCTAssertEqual(refused, Array(repeating: false, count: invalid.count))
    }

    func testTheRequestRoundTripsThroughJSON() throws {
        // Given a registration
        let device = PushDevice(
            owner: ChatOwner(projectId: "p", kind: .email, value: "a@example.com"), token: "abcd",
            environment: .sandbox)

        // When it is encoded and decoded
        let data = try JSONEncoder().encode(device)
        let decoded = try JSONDecoder().decode(PushDevice.self, from: data)

        // Then it is unchanged and the environment is its raw name
        XCTAssertEqual(decoded, device)
        XCTAssertTrue(String(decoding: data, as: UTF8.self).contains("\"environment\":\"sandbox\""))
    }
}

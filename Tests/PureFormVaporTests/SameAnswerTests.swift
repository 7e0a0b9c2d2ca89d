import Testing

/// The same requests to `pureform serve`'s Hummingbird routes and to PureFormVapor's routes get the same
/// status, content type, `Allow` and body bytes: every route, each body type and query option, every error a
/// client can cause, host checks and PATCH (`SharedRequests`).
@Suite struct SameAnswerTests {
  @Test func everyRouteAndErrorAnswersTheSameBytes() async throws {
    let requests = SharedRequests.all
    let hummingbird = try await BothServers.hummingbird(requests)
    let vapor = try await BothServers.vapor(requests)
    #expect(hummingbird.count == requests.count && vapor.count == requests.count)
    for (request, (expected, answer)) in zip(requests, zip(hummingbird, vapor)) {
      #expect(answer == expected, "\(request)\nHummingbird: \(expected)\nVapor: \(answer)")
    }
  }

  /// The list covers every status the routes give, so a route or error left out of the same-answer test shows here.
  @Test func theRequestsReachEveryStatus() async throws {
    let statuses = Set(try await BothServers.hummingbird(SharedRequests.all).map(\.status))
    #expect(statuses == [200, 400, 404, 405, 413, 415, 422, 503, 504])
  }
}

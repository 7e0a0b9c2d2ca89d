import Foundation
import Hummingbird
import PureForm
import PureFormHummingbird
import XCTest

/// The page's rows and the route it posts to agree: the names the order form's page posts for its rows
/// (built from the `post` pieces of its script's table, as the page joins them with each row's index) are
/// read by `POST /forms/order/validate` as the keys the table's `at` pieces spell, which is what `validate`
/// answers for that record.
final class PagePostTests: XCTestCase {
  /// Each field of the page's table: its `at` and `post` pieces (one piece for a field outside groups).
  private func table() async throws -> [(at: [String], post: [String])] {
    let (status, page, _) = try await TestForms.send(.get, "/forms/order/page")
    XCTAssertEqual(status, .ok)
    let start = try XCTUnwrap(page.range(of: #"<script type="application/json" id="pf-data">"#))
    let end = try XCTUnwrap(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
    let data = try XCTUnwrap(String(page[start.upperBound..<end.lowerBound]).data(using: .utf8))
    let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let fields = try XCTUnwrap(json["fields"] as? [[String: Any]])
    return try fields.map { field in
      let name = try XCTUnwrap(field["name"] as? String)
      return ((field["at"] as? [String]) ?? [name], (field["post"] as? [String]) ?? [name])
    }
  }

  /// `pieces` with `index` between them, as the page's script joins a row's pieces.
  private func joined(_ pieces: [String], _ index: Int) -> String {
    pieces.dropFirst().reduce(pieces[0]) { $0 + String(index) + $1 }
  }

  func testRowsPostUnderTheNamesServeReadsAsTheirElements() async throws {
    let fields = try await table()
    XCTAssertEqual(fields.map(\.post.first), ["email", "items[", "items[", "items[", "items[", "coupons["])
    let rows: [[String]] = [["TEA-001", "2", "false", ""], ["JAM-042", "1", "true", "For Charles"]]
    var post: [String] = ["email=ada%40example.com"]
    var record: [String] = [#""email": "ada@example.com""#]
    for (index, row) in rows.enumerated() {
      for (field, value) in zip(fields[1...4], row) where !(field.post.last == "][gift_note]" && value.isEmpty) {
        let name = try XCTUnwrap(
          joined(field.post, index).addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        post.append(name + "=" + (value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
        record.append("\"\(joined(field.at, index))\": \"\(value)\"")
      }
    }
    post.append(joined(fields[5].post, 0) + "=SPRING24")
    record.append("\"\(joined(fields[5].at, 0))\": \"SPRING24\"")
    XCTAssertTrue(post.contains("items%5B1%5D%5Bgift%5Fnote%5D=For%20Charles"), "\(post)")
    let (status, body, _) = try await TestForms.send(
      .post, "/forms/order/validate", contentType: "application/x-www-form-urlencoded",
      body: post.joined(separator: "&"))
    XCTAssertEqual(status, .ok, body)
    let expected = try XCTUnwrap(TestForms.catalog["order"]).validate(json: "{" + record.joined(separator: ", ") + "}")
    XCTAssertEqual(body, expected.jsonText + "\n")
    XCTAssertEqual(
      body,
      #"{"valid":true,"values":{"email":"ada@example.com","items":[{"sku":"TEA-001","quantity":2,"gift":false},{"sku":"JAM-042","quantity":1,"gift":true,"gift_note":"For Charles"}],"coupons":["SPRING24"]},"hidden":["items.0.gift_note"]}"#
        + "\n")
  }
}

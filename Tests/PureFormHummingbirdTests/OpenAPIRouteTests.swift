import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import PureForm
import PureFormHummingbird
import PureFormOpenAPI
import XCTest

/// `GET /openapi.json`: the catalog's document, its request schemas the forms' own, rebuilt on reload.
final class OpenAPIRouteTests: XCTestCase {
  func testServedDocumentIsTheCatalogsAndTheLibrarys() async throws {
    let (status, body, headers) = try await TestForms.send(.get, "/openapi.json")
    XCTAssertEqual(status, .ok)
    XCTAssertEqual(headers[.contentType], "application/json")
    XCTAssertEqual(body, TestForms.catalog.openAPIDocument)
    let inputs = TestForms.packageRoot.appendingPathComponent("Specs/inputs").path
    XCTAssertEqual(body, FormOpenAPI.document(forms: TestForms.catalog.forms, examples: inputs))
  }

  func testEveryFormHasItsFiveRoutesAndItsOwnSchema() throws {
    let document = try Self.object(TestForms.catalog.openAPIDocument)
    XCTAssertEqual(document["openapi"] as? String, "3.1.0")
    let paths = try XCTUnwrap(document["paths"] as? [String: Any])
    let schemas = try XCTUnwrap((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
    for (name, form) in TestForms.catalog.forms {
      XCTAssertNotNil(paths["/forms/\(name)"], name)
      XCTAssertNotNil(paths["/forms/\(name)/page"], name)
      let post = try XCTUnwrap((paths["/forms/\(name)/validate"] as? [String: Any])?["post"] as? [String: Any])
      let responses = try XCTUnwrap(post["responses"] as? [String: Any])
      XCTAssertEqual(Set(responses.keys), ["200", "400", "404", "413", "415", "422"], name)
      let schema = try XCTUnwrap(schemas["form.\(name)"] as? NSDictionary, name)
      XCTAssertEqual(schema, try Self.object(form.jsonSchema()) as NSDictionary, name)
      // One field: its own operations, `key` a path parameter naming the form's keys, no `field` query left.
      for route in ["validate", "live"] {
        let field = try XCTUnwrap(
          (paths["/forms/\(name)/fields/{key}/\(route)"] as? [String: Any])?["post"] as? [String: Any], name)
        let parameters = try XCTUnwrap(field["parameters"] as? [[String: Any]])
        XCTAssertEqual(parameters.map { $0["name"] as? String }, ["key", "all-failures", "flat"], name)
        let keys = (parameters[0]["schema"] as? [String: Any])?["enum"] as? [String]
        XCTAssertEqual(keys.map(Set.init), Set(form.fieldKeys), name)
        let responses = try XCTUnwrap(field["responses"] as? [String: Any])
        XCTAssertEqual(Set(responses.keys), ["200", "400", "404", "413", "415", "422"], name)
      }
      let parameters = try XCTUnwrap(post["parameters"] as? [[String: Any]])
      XCTAssertEqual(parameters.map { $0["name"] as? String }, ["all-failures", "flat"], name)
    }
    XCTAssertEqual(paths.count, 4 + 5 * TestForms.catalog.forms.count)
  }

  /// A field route's body schema says that field's rules and nothing of the others': the login form's
  /// password route takes a record whose login breaks its rules.
  func testAFieldRoutesBodySchemaHoldsOnlyTheFieldsOwnRules() throws {
    let login = try XCTUnwrap(TestForms.catalog["login"])
    let password = try Self.object(XCTUnwrap(login.fieldSchemaValue(key: "password")).rendered())
    XCTAssertEqual(password["required"] as? [String], ["password"])
    XCTAssertEqual((password["properties"] as? [String: Any]).map { Array($0.keys) }, ["password"])
    XCTAssertNil(login.fieldSchemaValue(key: "nope"))
    // A field with a condition is pureform's alone: any object.
    let business = try XCTUnwrap(TestForms.catalog["business-account"])
    let hidden = try Self.object(XCTUnwrap(business.fieldSchemaValue(key: "company.name")).rendered())
    XCTAssertEqual(hidden["type"] as? String, "object")
    XCTAssertNil(hidden["properties"])
  }

  func testExamplesAreTheSampleInputs() throws {
    let document = try Self.object(TestForms.catalog.openAPIDocument)
    let paths = try XCTUnwrap(document["paths"] as? [String: Any])
    let login = try XCTUnwrap((paths["/forms/login/validate"] as? [String: Any])?["post"] as? [String: Any])
    let content = try XCTUnwrap((login["requestBody"] as? [String: Any])?["content"] as? [String: Any])
    let json = try XCTUnwrap((content["application/json"] as? [String: Any])?["examples"] as? [String: Any])
    XCTAssertEqual(Set(json.keys), ["login", "login-empty", "login-invalid"])
    let sample = try XCTUnwrap((json["login"] as? [String: Any])?["value"] as? NSDictionary)
    XCTAssertEqual(sample, try Self.object(TestForms.file("Specs/inputs/login.json")) as NSDictionary)
  }

  func testReloadRebuildsTheDocument() async throws {
    let live = ReloadableCatalog(TestForms.catalog)
    let router = FormServer.router(reloadable: live, metrics: FormMetrics())
    let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    try await app.test(.router) { client in
      let before = try await client.execute(uri: "/openapi.json", method: .get) { String(buffer: $0.body) }
      XCTAssertTrue(before.contains(#""/forms/profile/validate""#))
      live.replace(with: FormCatalog(forms: ["login": try XCTUnwrap(TestForms.catalog["login"])]))
      let after = try await client.execute(uri: "/openapi.json", method: .get) { String(buffer: $0.body) }
      XCTAssertFalse(after.contains(#""/forms/profile/validate""#))
      XCTAssertTrue(after.contains(#""/forms/login/validate""#))
    }
  }

  func testNamesArePathSegmentsAndComponentNames() throws {
    let login = try XCTUnwrap(TestForms.catalog["login"])
    let document = try Self.object(FormOpenAPI.document(forms: ["a b/c": login, "a_b_c": login]))
    let paths = try XCTUnwrap(document["paths"] as? [String: Any])
    XCTAssertNotNil(paths["/forms/a%20b%2Fc/validate"])
    let schemas = try XCTUnwrap((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
    XCTAssertNotNil(schemas["form.a_b_c"])
    XCTAssertNotNil(schemas["form.a_b_c_2"])
  }

  private static func object(_ text: String) throws -> [String: Any] {
    try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }
}

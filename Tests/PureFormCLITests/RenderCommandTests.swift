import Foundation
import Testing

/// `pureform render`: the page on standard output, `--action` and `--strings`, and exit 2 with the
/// diagnostics for a spec that does not compile.
@Suite struct RenderCommandTests {
  @Test func rendersTheLoginForm() throws {
    let result = try CLI.run(["render", "Specs/pureform-readme/login.json"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.stdout.hasPrefix("<!DOCTYPE html>\n"))
    #expect(
      result.stdout.contains(#"<form id="pf-form" action="/forms/login/validate" method="post" data-form="login">"#))
    #expect(
      result.stdout.contains(
        #"<input id="pf-f1" name="password" data-field="1" aria-describedby="pf-e1" type="password" placeholder="Password" required minlength="6" maxlength="25" aria-label="Password">"#
      ))
  }

  @Test func takesActionStringsAndSettings() throws {
    let result = try CLI.run([
      "render", "Specs/signup.json", "--action", "/signup?x=1&y=2", "--settings",
      "Specs/settings/pureform-settings.json",
    ])
    #expect(result.status == 0)
    #expect(result.stdout.contains(#"action="/signup?x=1&amp;y=2""#))
    // keyboardTypeValidation: the number pad's digits become a pattern, exactly as the keyboard check.
    #expect(result.stdout.contains(#"pattern="(?=(?:[0123456789]*)$)(?:^[0-9]{5}(?=\n?$))""#))
    #expect(result.stdout.contains(#""keyboard":"0123456789","keyboardReason":"Only digits, please""#))
    let localized = try CLI.run(["render", "Specs/registration.json", "--strings", "Specs/strings/en.json"])
    #expect(localized.stdout.contains(#"<h1 id="pf-v0">Create your account</h1>"#))
  }

  @Test func aSpecWithErrorsExitsTwoWithItsDiagnostics() throws {
    let result = try CLI.run(["render", "Specs/invalid/unknown-validator.json"])
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.stderr.contains("error: unknown validator 'min_lenght' [PF304]"))
    #expect(result.stderr.hasSuffix("error: Specs/invalid/unknown-validator.json does not compile: 1 error\n"))
    let missing = try CLI.run(["render", "nope.json"])
    #expect(missing.status == 2)
    #expect(missing.stderr == "error: nope.json: no such file\n")
  }
}

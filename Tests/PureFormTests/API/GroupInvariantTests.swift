import PureFormInvariants
import Testing

/// The fuzzing invariant's reading of failure keys in a form with repeated groups: an element's view, a
/// group's array and an element name something of the form; a stray key does not.
@Suite struct GroupInvariantTests {
  @Test func failureKeysOfElementsNameTheirTemplates() {
    let keys: Set<String> = ["customer", "items.*.name", "orders.*.lines.*.a", "tags.*", "a.1"]
    for key in [
      "customer", "items.3.name", "items", "items.2", "orders.0", "orders.0.lines", "orders.1.lines.4.a", "tags.7",
      "a.1",
    ] {
      #expect(InvariantChecks.namesAField(key, keys: keys), "\(key)")
    }
    for key in ["item", "items.x.name", "items.3.nam", "orders.0.line", "tags.1.x", "a.2", "customer.0"] {
      #expect(!InvariantChecks.namesAField(key, keys: keys), "\(key)")
    }
  }
}

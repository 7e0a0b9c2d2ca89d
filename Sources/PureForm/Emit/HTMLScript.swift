/// The page's one script, the same for every form: it reads the form's table (`<script id="pf-data">`,
/// written by `HTMLEmitter`), runs the live (`!`) validators on every change with pureform's reasons,
/// and posts the form with `fetch()` as `application/x-www-form-urlencoded`, showing the server's failures
/// beside their fields.
///
/// It evaluates the form's conditions as the server does, over the values the page would post, in the
/// server's order: a view whose `<visible_if>` is false is hidden and its controls disabled (a disabled
/// control is neither validated by the browser nor posted, so a hidden view never blocks a submit and its
/// value is never sent), and a view whose `<required_if>` holds is `required` while it does.
///
/// Where it cannot be exact (a `custom` pattern outside `HTMLPattern`'s subset, `full_name` on letters
/// beyond ASCII, registered validators) it lets the value through: the page never refuses what pureform
/// accepts. `window.PureForm` gives tests the record the page would post and the live failures.
enum HTMLScript {
  /// `TextRules.emailPattern` as the body of a JavaScript regular expression literal (`/` escaped).
  private static let emailLiteral = TextRules.emailPattern.unicodeScalars.map { $0 == "/" ? "\\/" : String($0) }
    .joined()

  static let source = #"""
    (() => {
      "use strict";
      const data = JSON.parse(document.getElementById("pf-data").textContent);
      const form = document.getElementById("pf-form");
      const status = document.getElementById("pf-status");
      const fields = data.fields;
      const touched = new Set();
      const controls = fields.map((field, index) =>
        Array.from(form.querySelectorAll('[data-field="' + index + '"]')));
      const NUMBER = /^(-?)(0|[1-9][0-9]*)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$/;
      const EMAIL = /\#(emailLiteral)/;
      const BOOLS = { "true": true, "on": true, "1": true, "false": false, "off": false, "0": false };
      const patterns = new Map();
      const visibility = data.visibility || [];
      const hidden = new Set();
      // Whether each control was required by its validators, before any <required_if> changed it.
      controls.forEach((elements) => elements.forEach((element) => { element.dataset.pfRequired = element.required; }));

      // What the page posts for a field: checkboxes "true" / "false", radios the checked value or "".
      function raw(index) {
        const field = fields[index], elements = controls[index];
        if (field.control === "checkbox") return elements[0].checked ? "true" : "false";
        if (field.control === "radio") {
          const checked = elements.find((element) => element.checked);
          return checked ? checked.value : "";
        }
        return elements[0].value;
      }

      // An exact decimal from RFC 8259 number text: sign, digits without leading or trailing zeros, exponent.
      function decimal(text) {
        const match = NUMBER.exec(text);
        if (!match) return null;
        const fraction = match[3] || "";
        let digits = (match[2] + fraction).replace(/^0+/, "");
        let exponent = Number(match[4] || 0) - fraction.length;
        const trimmed = digits.replace(/0+$/, "");
        exponent += digits.length - trimmed.length;
        digits = trimmed;
        return { sign: digits === "" ? 0 : match[1] ? -1 : 1, digits, exponent };
      }
      function compare(a, b) {
        if (a.sign !== b.sign) return a.sign < b.sign ? -1 : 1;
        if (a.sign === 0) return 0;
        const lead = (a.digits.length + a.exponent) - (b.digits.length + b.exponent);
        let order = lead < 0 ? -1 : lead > 0 ? 1 : 0;
        if (order === 0) {
          const width = Math.max(a.digits.length, b.digits.length);
          const x = a.digits.padEnd(width, "0"), y = b.digits.padEnd(width, "0");
          order = x < y ? -1 : x > y ? 1 : 0;
        }
        return order * a.sign;
      }
      const asDecimal = (value) => value.kind === "number" ? value.decimal
        : value.kind === "bool" ? decimal(value.bool ? "1" : "0") : null;

      // The value pureform holds after the field's <type>: missing, string, number or bool; null on a mismatch.
      function coerce(index) {
        const text = raw(index), type = fields[index].type;
        if (text === "") return { kind: "missing" };
        if (type === "number" || type === "integer") {
          const value = decimal(text);
          if (!value || (type === "integer" && value.sign !== 0 && value.exponent < 0)) return null;
          return { kind: "number", decimal: value };
        }
        if (type === "bool") return text in BOOLS ? { kind: "bool", bool: BOOLS[text] } : null;
        return { kind: "string", text };
      }

      function pattern(source) {
        if (!patterns.has(source)) {
          let compiled = null;
          try { compiled = new RegExp("^(?:" + source + ")$", "v"); } catch (error) { compiled = null; }
          patterns.set(source, compiled);
        }
        return patterns.get(source);
      }

      // full_name, refusing only what fails whatever the Unicode version: ASCII that is not a letter, and
      // words or separators out of place.
      function fullName(text) {
        const words = text.split(" ");
        if (words.length < 2) return false;
        return words.every((word) => word.split(/[-']/).every((part) =>
          part !== "" && Array.from(part).every((c) => c > "\x7f" || /[A-Za-z]/.test(c))));
      }

      // The value a condition, a neighbour or <same_as> reads: a hidden field, and a value its coercion
      // refuses, read as missing.
      function valueOf(index) {
        if (hidden.has(index)) return { kind: "missing" };
        const value = coerce(index);
        return value === null ? { kind: "missing" } : value;
      }

      // A condition of the table (HTMLFieldTable.condition), as ValidationPlan evaluates it.
      function holds(condition) {
        if ("truthy" in condition) {
          const value = valueOf(condition.truthy);
          return value.kind === "string" || (value.kind === "bool" && value.bool) ||
            (value.kind === "number" && value.decimal.sign !== 0);
        }
        if ("equals" in condition) {
          const value = valueOf(condition.equals);
          return condition.values.some((target) => {
            if (target === null) return value.kind === "missing";
            if (value.kind === "missing") return false;
            if ("text" in target) return equalValues(value, { kind: "string", text: target.text });
            if ("number" in target) return equalValues(value, { kind: "number", decimal: decimal(target.number) });
            return equalValues(value, { kind: "bool", bool: target.bool });
          });
        }
        if ("not" in condition) return !holds(condition.not);
        if ("all" in condition) return condition.all.every(holds);
        return condition.any.some(holds);
      }

      // Hides, disables and requires views as the answers say, in the server's order.
      function applyConditions() {
        hidden.clear();
        visibility.forEach((index) => { if (!holds(fields[index].visibleIf)) hidden.add(index); });
        fields.forEach((field, index) => {
          const wrapper = document.getElementById("pf-w" + index);
          if (wrapper) wrapper.hidden = hidden.has(index);
          const requiredNow = field.requiredIf !== undefined && !hidden.has(index) && holds(field.requiredIf);
          controls[index].forEach((element) => {
            element.disabled = hidden.has(index);
            // A switch always posts true or false, never missing: required_if never fails it.
            if (field.requiredIf !== undefined && field.control !== "checkbox") {
              element.required = element.dataset.pfRequired === "true" || requiredNow;
            }
          });
        });
      }

      function equalValues(a, b) {
        if (a.kind === "string" || b.kind === "string") return a.kind === b.kind && a.text === b.text;
        const x = asDecimal(a), y = asDecimal(b);
        return x !== null && y !== null && compare(x, y) === 0;
      }

      // Whether one check passes; true wherever the page cannot be sure.
      function passes(check, value) {
        const missing = value.kind === "missing", text = value.kind === "string";
        switch (check.rule) {
          case "required": return !missing;
          case "never": return false;
          case "equal":
            if (missing) return false;
            if ("text" in check) return text && value.text === check.text;
            return !text && equalValues(value, { kind: "number", decimal: decimal(String(check.number)) });
          case "equal_field": {
            if (coerce(check.field) === null && !hidden.has(check.field)) return true;
            const other = valueOf(check.field);
            return !missing && other.kind !== "missing" && equalValues(value, other);
          }
          case "equal_length": return missing ? check.length === 0 : !text || value.text.length === check.length;
          case "min_length": return missing ? check.length === 0 : !text || value.text.length >= check.length;
          case "max_length": return !text || value.text.length <= check.length;
          case "min_value": case "max_value": {
            if (missing) return true;
            const number = text ? decimal(value.text) : asDecimal(value);
            if (number === null) return false;
            const order = compare(number, decimal(check.number));
            return check.rule === "min_value" ? order >= 0 : order <= 0;
          }
          case "email": return text && EMAIL.test(value.text);
          case "full_name": return text && fullName(value.text);
          case "pattern": {
            if (!text) return false;
            if (check.pattern === undefined) return true;
            const compiled = pattern(check.pattern);
            return compiled === null || compiled.test(value.text);
          }
          default: return true;
        }
      }

      // The first live failure of a field, as `pureform validate --field KEY --live` gives it; null when none.
      function liveFailure(index) {
        const field = fields[index];
        if (field.live.length === 0 && !field.keyboard) return null;
        const value = coerce(index);
        if (value === null) return field.live.length ? field.mismatch : null;
        if (field.keyboard && value.kind === "string" &&
            !Array.from(value.text).every((c) => field.keyboard.includes(c))) return field.keyboardReason;
        const failed = field.live.find((check) => !passes(check, value));
        return failed ? failed.reason : null;
      }

      function show(index, reason) {
        const output = document.getElementById("pf-e" + index);
        if (output) output.textContent = reason || "";
      }

      function validateAll() {
        applyConditions();
        const failures = [];
        fields.forEach((field, index) => {
          const shown = document.getElementById("pf-n" + index);
          if (shown) shown.textContent = raw(index);
          const reason = hidden.has(index) ? null : liveFailure(index);
          controls[index].forEach((element) => element.setCustomValidity(reason || ""));
          if (reason) failures.push({ key: field.name, reason });
          if (touched.has(index)) show(index, reason);
        });
        return failures;
      }

      // The record the page posts: every field that is not hidden, as strings.
      function record() {
        const values = {};
        fields.forEach((field, index) => { if (!hidden.has(index)) values[field.name] = raw(index); });
        return values;
      }

      // The keys of the hidden views, in spec order (the server's `hidden`), and of the views a
      // <required_if> requires now.
      const hiddenKeys = () => fields.filter((field, index) => hidden.has(index)).map((field) => field.name);
      const requiredByCondition = () => fields.filter((field, index) => field.requiredIf !== undefined &&
        controls[index].some((element) => element.required && element.dataset.pfRequired !== "true"))
        .map((field) => field.name);

      function changed(event) {
        const index = Number(event.target.dataset.field);
        if (!Number.isNaN(index)) touched.add(index);
        validateAll();
      }
      form.addEventListener("input", changed);
      form.addEventListener("change", changed);

      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        applyConditions();
        const body = new URLSearchParams();
        fields.forEach((field, index) => {
          if (!hidden.has(index)) body.append(field.name, raw(index));
          show(index, "");
        });
        status.textContent = "Sending\u2026";
        try {
          const response = await fetch(form.getAttribute("action"), { method: "POST", body });
          const result = await response.json();
          if (result.valid) {
            status.textContent = "Valid.";
          } else if (Array.isArray(result.failures)) {
            result.failures.forEach((failure) => {
              const index = fields.findIndex((field) => field.name === failure.key);
              if (index >= 0) show(index, failure.reason);
            });
            status.textContent = result.failures.length === 1 ? "1 problem." : result.failures.length + " problems.";
          } else {
            status.textContent = result.message || "The server refused the form.";
          }
        } catch (error) {
          status.textContent = "Could not send the form: " + error.message;
        }
      });

      validateAll();
      window.PureForm = { record, validateAll, liveFailures: validateAll, hidden: hiddenKeys, requiredByCondition };
    })();
    """#
}

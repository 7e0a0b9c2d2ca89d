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
/// A repeated group's rows (`HTMLGroup`) are added from its template and removed within its `<items>`, and
/// numbered on every change; each row is an element, whose controls post as `items[2][sku]` and whose
/// conditions and neighbours read the row's own values (or a row around it), as the server reads them.
///
/// Where it cannot be exact (a `custom` pattern outside `HTMLPattern`'s subset, `full_name` on letters
/// beyond ASCII, registered validators) it lets the value through: the page never refuses what pureform
/// accepts. `window.PureForm` gives tests the record the page would post, the live failures and each
/// field's instances; `window.PureFormFormats` the pure rules of `HTMLFormatScript`, which the script shares.
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
      const groups = data.groups || [];
      const touched = new WeakSet();
      const formats = \#(HTMLFormatScript.source);
      const { decimal, compareDecimals: compare } = formats;
      window.PureFormFormats = formats;
      const LOCAL_DATE_TIME = /^([0-9]{4,})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2})(?::([0-9]{2}))?(\.[0-9]+)?$/;
      const EMAIL = /\#(emailLiteral)/;
      const patterns = new Map();
      const visibility = data.visibility || [];
      const hidden = new Set();

      // A field's instances: the form for a field outside groups, else each row of its group (a
      // `.pf-row` whose data-at holds its indices, "2", or "0.1" in a nested group).
      const scopes = (index) => fields[index].group === undefined ? [form]
        : Array.from(form.querySelectorAll('.pf-row[data-group="' + fields[index].group + '"]'));
      // Where an instance in `scope` reads field `index`: its own row or a row around it (the same element,
      // or an enclosing one, as the server reads conditions and neighbours), or the form.
      const scopeFor = (index, scope) => fields[index].group === undefined ? form
        : scope.closest('.pf-row[data-group="' + fields[index].group + '"]');
      const indicesOf = (scope) => scope === form ? [] : scope.dataset.at.split(".");
      const joined = (pieces, indices) => pieces.reduce((text, piece, i) => text + indices[i - 1] + piece);
      // The key the server reads (`items.2.sku`) and the name the page posts (`items[2][sku]`).
      const keyOf = (index, scope) => fields[index].at ? joined(fields[index].at, indicesOf(scope)) : fields[index].name;
      const postName = (index, scope) => fields[index].post ? joined(fields[index].post, indicesOf(scope)) : fields[index].name;
      const suffix = (scope) => scope === form ? "" : "_" + indicesOf(scope).join("_");
      const byId = (prefix, index, scope) => document.getElementById(prefix + index + suffix(scope));
      const instance = (index, scope) => index + "@" + suffix(scope);
      const controls = (index, scope) => Array.from(scope.querySelectorAll('[data-field="' + index + '"]'));
      const rowsOf = (fieldset) => Array.from(fieldset.querySelector(":scope > .pf-rows").children);

      // Adds a row to a group's fieldset, copied from its template, with the rows its own groups start with.
      function addRow(fieldset) {
        if (rowsOf(fieldset).length >= groups[fieldset.dataset.group].max) return;
        const row = fieldset.querySelector(":scope > template").content.firstElementChild.cloneNode(true);
        fieldset.querySelector(":scope > .pf-rows").append(row);
        start(row);
      }
      // Gives each group in `root` its <items> min of rows, and remembers whether each control was required
      // by its validators, before any <required_if> changed it.
      function start(root) {
        root.querySelectorAll(".pf-group").forEach((fieldset) => {
          while (rowsOf(fieldset).length < groups[fieldset.dataset.group].min) addRow(fieldset);
        });
        root.querySelectorAll("[data-field]").forEach((element) => { element.dataset.pfRequired ??= element.required; });
      }
      // Numbers the rows, names their controls as the server reads them, gives their elements ids of their
      // own (`pf-f3_2`), and enables Add and Remove within each group's <items>.
      function renumber() {
        form.querySelectorAll(".pf-row").forEach((row) => {
          const outer = row.parentElement.closest(".pf-row");
          const at = Array.from(row.parentElement.children).indexOf(row);
          row.dataset.at = outer ? outer.dataset.at + "." + at : String(at);
          row.querySelectorAll("[id], [for], [aria-describedby], [list], [data-field]").forEach((element) => {
            if (element.closest(".pf-row") !== row) return;
            ["id", "for", "aria-describedby", "list"].forEach((name, i) => {
              const kept = "pfBase" + i;
              if (!element.hasAttribute(name)) return;
              element.dataset[kept] ??= element.getAttribute(name);
              element.setAttribute(name, element.dataset[kept] + suffix(row));
            });
            if (element.dataset.field !== undefined) element.name = postName(Number(element.dataset.field), row);
          });
        });
        form.querySelectorAll(".pf-group").forEach((fieldset) => {
          const group = groups[fieldset.dataset.group], rows = rowsOf(fieldset);
          fieldset.querySelector(":scope > .pf-add").disabled = rows.length >= group.max;
          rows.forEach((row) => { row.querySelector(":scope > .pf-remove").disabled = rows.length <= group.min; });
        });
      }

      // What the page posts for a field: checkboxes "true" / "false", radios the checked value or "", a
      // date_time's local date and time with its seconds and the browser's offset at that time.
      function raw(index, scope) {
        const field = fields[index], elements = controls(index, scope);
        if (field.control === "checkbox") return elements[0].checked ? "true" : "false";
        if (field.control === "radio") {
          const checked = elements.find((element) => element.checked);
          return checked ? checked.value : "";
        }
        if (field.control === "datetime") return withOffset(elements[0].value);
        return elements[0].value;
      }

      // `YYYY-MM-DDTHH:MM[:SS[.fraction]]` (a datetime-local's value) as RFC 3339: seconds added when the
      // browser left them out, then the offset from UTC the browser's time zone has at that local time.
      function withOffset(local) {
        const match = LOCAL_DATE_TIME.exec(local);
        if (!match) return local;
        const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part || 0));
        const at = new Date(2000, 0, 1);
        at.setFullYear(year, month - 1, day);
        at.setHours(hour, minute, second, 0);
        const east = -at.getTimezoneOffset(), size = Math.abs(east);
        if (Number.isNaN(east)) return local;
        const offset = (east < 0 ? "-" : "+") + String(Math.floor(size / 60)).padStart(2, "0") + ":" +
          String(size % 60).padStart(2, "0");
        return local.slice(0, local.indexOf("T") + 6) + ":" + (match[6] || "00") + (match[7] || "") + offset;
      }

      const asDecimal = (value) => value.kind === "number" ? value.decimal
        : value.kind === "bool" ? decimal(value.bool ? "1" : "0") : null;

      // The value pureform holds after the field's <type>: missing, string, number or bool; null on a mismatch.
      const coerce = (index, scope) => formats.value(fields[index].type, raw(index, scope));

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
      function valueOf(index, scope) {
        const at = scopeFor(index, scope);
        if (!at || hidden.has(instance(index, at))) return { kind: "missing" };
        const value = coerce(index, at);
        return value === null ? { kind: "missing" } : value;
      }

      // A condition of the table (HTMLFieldTable.condition), as ValidationPlan evaluates it in `scope`.
      function holds(condition, scope) {
        if ("truthy" in condition) {
          const value = valueOf(condition.truthy, scope);
          return value.kind === "string" || (value.kind === "bool" && value.bool) ||
            (value.kind === "number" && value.decimal.sign !== 0);
        }
        if ("equals" in condition) {
          const value = valueOf(condition.equals, scope);
          return condition.values.some((target) => {
            if (target === null) return value.kind === "missing";
            if (value.kind === "missing") return false;
            if ("text" in target) return equalValues(value, { kind: "string", text: target.text });
            if ("number" in target) return equalValues(value, { kind: "number", decimal: decimal(target.number) });
            return equalValues(value, { kind: "bool", bool: target.bool });
          });
        }
        if ("not" in condition) return !holds(condition.not, scope);
        if ("all" in condition) return condition.all.every((inner) => holds(inner, scope));
        return condition.any.some((inner) => holds(inner, scope));
      }

      // Hides, disables and requires views as the answers say, in the server's order, row by row.
      function applyConditions() {
        hidden.clear();
        visibility.forEach((index) => scopes(index).forEach((scope) => {
          if (!holds(fields[index].visibleIf, scope)) hidden.add(instance(index, scope));
        }));
        fields.forEach((field, index) => scopes(index).forEach((scope) => {
          const off = hidden.has(instance(index, scope));
          const wrapper = byId("pf-w", index, scope);
          if (wrapper) wrapper.hidden = off;
          const requiredNow = field.requiredIf !== undefined && !off && holds(field.requiredIf, scope);
          controls(index, scope).forEach((element) => {
            element.disabled = off;
            // A switch always posts true or false, never missing: required_if never fails it.
            if (field.requiredIf !== undefined && field.control !== "checkbox") {
              element.required = element.dataset.pfRequired === "true" || requiredNow;
            }
          });
        }));
      }

      function equalValues(a, b) {
        if (a.kind === "string" || b.kind === "string") return a.kind === b.kind && a.text === b.text;
        const x = asDecimal(a), y = asDecimal(b);
        return x !== null && y !== null && compare(x, y) === 0;
      }

      // Whether one check passes; true wherever the page cannot be sure.
      function passes(check, value, scope) {
        const missing = value.kind === "missing", text = value.kind === "string";
        switch (check.rule) {
          case "required": return !missing;
          case "never": return false;
          case "equal":
            if (missing) return false;
            if ("text" in check) return text && value.text === check.text;
            return !text && equalValues(value, { kind: "number", decimal: decimal(String(check.number)) });
          case "equal_field": {
            const at = scopeFor(check.field, scope);
            if (at && coerce(check.field, at) === null && !hidden.has(instance(check.field, at))) return true;
            const other = valueOf(check.field, scope);
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

      // Whether a present value passes one of the value rules (HTMLValueRules: format, in, not_in, min, max). A
      // bound compares only a value of the format, with a bound of the format: a literal, or the value of a
      // field that is present, visible and of the format.
      function holdsValueRule(rule, value, scope) {
        switch (rule.rule) {
          case "format": return value.kind === "string" && formats.format(rule.format, value.text, rule.schemes);
          case "in": return formats.inList(value, rule.values);
          case "not_in": return !formats.inList(value, rule.values);
          default: {
            const moment = value.kind === "string" ? formats.moment(rule.format, value.text) : null;
            const other = "field" in rule ? valueOf(rule.field, scope) : { kind: "string", text: rule.literal };
            const bound = other.kind === "string" ? formats.moment(rule.format, other.text) : null;
            if (moment === null || bound === null) return true;
            const order = formats.compare(moment, bound);
            return rule.rule === "min" ? order >= 0 : order <= 0;
          }
        }
      }

      // The first failure of a field the script checks, as `pureform validate` orders them: its live (`!`)
      // validators, then its value rules (format, in, not_in, min, max) on a present value; null when none.
      function liveFailure(index, scope) {
        const field = fields[index], rules = field.valueRules || [];
        if (field.live.length === 0 && !field.keyboard && rules.length === 0) return null;
        const value = coerce(index, scope);
        if (value === null) return field.live.length || rules.length ? field.mismatch : null;
        if (field.keyboard && value.kind === "string" &&
            !Array.from(value.text).every((c) => field.keyboard.includes(c))) return field.keyboardReason;
        const failed = field.live.find((check) => !passes(check, value, scope));
        if (failed) return failed.reason;
        if (value.kind === "missing") return null;
        const broken = rules.find((rule) => !holdsValueRule(rule, value, scope));
        return broken ? broken.reason : null;
      }

      function show(output, reason) {
        if (output) output.textContent = reason || "";
      }

      // Runs `body` on each instance of each field, in spec order, then row order.
      const eachInstance = (body) => fields.forEach((field, index) => scopes(index).forEach((scope) => body(index, scope)));

      function validateAll() {
        applyConditions();
        const failures = [];
        eachInstance((index, scope) => {
          const shown = byId("pf-n", index, scope);
          if (shown) shown.textContent = raw(index, scope);
          const reason = hidden.has(instance(index, scope)) ? null : liveFailure(index, scope);
          const elements = controls(index, scope);
          elements.forEach((element) => element.setCustomValidity(reason || ""));
          if (reason) failures.push({ key: keyOf(index, scope), reason });
          if (elements.some((element) => touched.has(element))) show(byId("pf-e", index, scope), reason);
        });
        return failures;
      }

      // The record the page posts, by the keys the server reads: every field that is not hidden, as strings.
      function record() {
        const values = {};
        eachInstance((index, scope) => {
          if (!hidden.has(instance(index, scope))) values[keyOf(index, scope)] = raw(index, scope);
        });
        return values;
      }

      // The keys of the hidden views, in spec order, then row order (the server's `hidden`), and of the views
      // a <required_if> requires now.
      function keysWhere(test) {
        const keys = [];
        eachInstance((index, scope) => { if (test(index, scope)) keys.push(keyOf(index, scope)); });
        return keys;
      }
      const hiddenKeys = () => keysWhere((index, scope) => hidden.has(instance(index, scope)));
      const requiredByCondition = () => keysWhere((index, scope) => fields[index].requiredIf !== undefined &&
        controls(index, scope).some((element) => element.required && element.dataset.pfRequired !== "true"));

      function changed(event) {
        if (event.target.dataset.field !== undefined) touched.add(event.target);
        validateAll();
      }
      form.addEventListener("input", changed);
      form.addEventListener("change", changed);
      form.addEventListener("click", (event) => {
        const button = event.target.closest(".pf-add, .pf-remove");
        if (!button) return;
        if (button.classList.contains("pf-add")) addRow(button.closest(".pf-group"));
        else button.closest(".pf-row").remove();
        renumber();
        validateAll();
      });

      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        applyConditions();
        // Where each key's failures are shown: beside its field, or under its group's rows for a count.
        const outputs = new Map();
        const body = new URLSearchParams();
        eachInstance((index, scope) => {
          if (!hidden.has(instance(index, scope))) body.append(postName(index, scope), raw(index, scope));
          outputs.set(keyOf(index, scope), byId("pf-e", index, scope));
        });
        form.querySelectorAll(".pf-group").forEach((fieldset) => {
          const row = fieldset.parentElement.closest(".pf-row");
          const key = joined(groups[fieldset.dataset.group].at, row ? indicesOf(row) : []);
          outputs.set(key, fieldset.querySelector(":scope > .pf-error"));
        });
        outputs.forEach((output) => show(output, ""));
        status.textContent = "Sending\u2026";
        try {
          const response = await fetch(form.getAttribute("action"), { method: "POST", body });
          const result = await response.json();
          if (result.valid) {
            status.textContent = "Valid.";
          } else if (Array.isArray(result.failures)) {
            result.failures.forEach((failure) => show(outputs.get(failure.key), failure.reason));
            status.textContent = result.failures.length === 1 ? "1 problem." : result.failures.length + " problems.";
          } else {
            status.textContent = result.message || "The server refused the form.";
          }
        } catch (error) {
          status.textContent = "Could not send the form: " + error.message;
        }
      });

      start(form);
      renumber();
      validateAll();
      // Each field's instances, for tests: the key the server reads, the field's number and its controls' ids.
      const instances = () => {
        const out = [];
        eachInstance((index, scope) => out.push({ key: keyOf(index, scope), field: index,
          ids: controls(index, scope).map((element) => element.id) }));
        return out;
      };
      window.PureForm = { record, validateAll, liveFailures: validateAll, hidden: hiddenKeys, requiredByCondition,
        instances };
    })();
    """#
}

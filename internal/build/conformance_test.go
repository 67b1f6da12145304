package build

import (
	"flag"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/internal/ir"
	"github.com/oasgen/oasgen/internal/spec"
)

var updateProofs = flag.Bool("update-proofs", false, "rewrite the pass counts of the keyword table's proofs from the results table of "+conformanceDoc)

// conformanceDoc is the page whose "Keywords and formats" section
// TestKeywordTable keeps true.
const conformanceDoc = "../../docs/conformance.md"

// A probe is a small spec with one schema in it, and what generating it
// must print.
type probe struct {
	// in: 'c' puts the schema in a component (S, where a whole-value
	// check may take what the Go type leaves unchecked), 'b' in an
	// operation's request body (no whole-value check).
	in     byte
	schema string // YAML flow style, on one line
	want   string // "none", "warn", "whole" or "error"
	v30    bool   // an OpenAPI 3.0 document rather than 3.1
}

// keywordProbes are the specs that show each row of the keyword table
// doing what its status says. Every row needs at least one, and every
// keyword here needs a row.
var keywordProbes = map[string][]probe{
	"$schema": {{in: 'c', schema: `{$schema: 'http://json-schema.org/draft-04/schema#', type: string}`, want: "warn"},
		{in: 'c', schema: `{$schema: 'https://json-schema.org/draft/2020-12/schema', type: string}`, want: "none"},
		{in: 'c', schema: `{$schema: 'https://spec.openapis.org/oas/3.1/dialect/base', type: string}`, want: "none"}},
	"$id":   {{in: 'c', schema: `{$id: 'https://example.com/a', type: string}`, want: "warn"}},
	"$ref":  {{in: 'c', schema: `{type: object, properties: {a: {$ref: '#/components/schemas/Other'}}}`, want: "none"}, {in: 'c', schema: `{type: object, properties: {a: {$ref: 'https://example.com/x.json'}}}`, want: "error"}},
	"$defs": {{in: 'c', schema: `{$defs: {a: {type: integer}}, type: object, properties: {x: {$ref: '#/components/schemas/S/$defs/a'}}}`, want: "none"}},
	"$anchor": {{in: 'c', schema: `{type: object, properties: {a: {$anchor: foo, type: string}}}`, want: "none"},
		{in: 'c', schema: `{type: object, properties: {a: {$ref: '#foo'}, b: {$anchor: foo, type: string}}}`, want: "none"}},
	"$dynamicAnchor":    {{in: 'c', schema: `{$dynamicAnchor: node, type: string}`, want: "none"}},
	"$dynamicRef":       {{in: 'c', schema: `{type: object, properties: {a: {$dynamicRef: '#/components/schemas/Other'}}}`, want: "warn"}},
	"$vocabulary":       {{in: 'c', schema: `{$vocabulary: {'https://json-schema.org/draft/2020-12/vocab/core': true}, type: string}`, want: "none"}},
	"$comment":          {{in: 'c', schema: `{$comment: why, type: string}`, want: "none"}},
	"allOf":             {{in: 'c', schema: `{allOf: [{type: object, properties: {a: {type: string}}}, {required: [a]}]}`, want: "none"}, {in: 'b', schema: `{allOf: [{type: integer}, {minimum: 2}, {type: string}]}`, want: "warn"}},
	"anyOf":             {{in: 'c', schema: `{anyOf: [{type: string}, {type: integer, minimum: 2}]}`, want: "none"}, {in: 'c', schema: `{anyOf: [{minimum: 2}, {multipleOf: 2}]}`, want: "none"}},
	"oneOf":             {{in: 'c', schema: `{oneOf: [{type: string}, {type: integer}]}`, want: "none"}, {in: 'b', schema: oneOfByKeys, want: "none"}, {in: 'c', schema: oneOfByKeys, want: "none"}, {in: 'b', schema: oneOfOpenByKeys, want: "warn"}, {in: 'c', schema: oneOfOpenByKeys, want: "whole"}},
	"not":               {{in: 'c', schema: `{type: object, properties: {a: {type: string}}, not: {required: [a]}}`, want: "none"}, {in: 'b', schema: notOther, want: "warn"}, {in: 'c', schema: notOther, want: "whole"}},
	"if":                {{in: 'c', schema: `{if: {minimum: 0}, then: {multipleOf: 2}, else: {multipleOf: 3}}`, want: "none"}, {in: 'b', schema: ifThen, want: "warn"}, {in: 'c', schema: ifThen, want: "whole"}},
	"then":              {{in: 'c', schema: `{if: {minimum: 0}, then: {multipleOf: 2}}`, want: "none"}, {in: 'b', schema: ifThen, want: "warn"}},
	"else":              {{in: 'c', schema: `{if: {minimum: 0}, else: {multipleOf: 3}}`, want: "none"}, {in: 'b', schema: `{type: array, items: {type: string}, if: {minItems: 1}, else: {maxItems: 2}}`, want: "warn"}},
	"dependentSchemas":  {{in: 'c', schema: depSchemas, want: "whole"}, {in: 'b', schema: depSchemas, want: "warn"}},
	"prefixItems":       {{in: 'c', schema: `{type: array, prefixItems: [{type: string}, {type: integer}]}`, want: "none"}},
	"items":             {{in: 'c', schema: `{type: array, items: {type: string, maxLength: 2}}`, want: "none"}, {in: 'c', schema: `{type: array, items: false}`, want: "none"}},
	"contains":          {{in: 'c', schema: `{contains: {minimum: 5}}`, want: "none"}, {in: 'b', schema: containsTyped, want: "warn"}, {in: 'c', schema: containsTyped, want: "whole"}},
	"properties":        {{in: 'c', schema: `{type: object, properties: {a: {type: string}, b: false}}`, want: "none"}},
	"patternProperties": {{in: 'c', schema: `{type: object, patternProperties: {'^x-': {type: integer}}}`, want: "none"}, {in: 'b', schema: `{type: object, patternProperties: {'^a': {type: integer}, 'b$': {maximum: 2}}}`, want: "warn"}},
	"additionalProperties": {{in: 'c', schema: `{type: object, properties: {a: {type: string}}, additionalProperties: false}`, want: "none"},
		{in: 'b', schema: `{type: object, properties: {a: {type: integer}}, allOf: [{properties: {b: {type: string}}}], additionalProperties: false}`, want: "warn"}},
	"propertyNames":         {{in: 'c', schema: `{propertyNames: {maxLength: 3}}`, want: "none"}, {in: 'b', schema: `{type: object, propertyNames: {maxLength: 3}, additionalProperties: {type: integer}}`, want: "none"}, {in: 'b', schema: propNames, want: "warn"}, {in: 'c', schema: propNames, want: "whole"}},
	"unevaluatedItems":      {{in: 'c', schema: `{type: array, prefixItems: [{type: string}], unevaluatedItems: {type: integer}}`, want: "none"}, {in: 'b', schema: unevItems, want: "warn"}, {in: 'c', schema: unevItems, want: "whole"}},
	"unevaluatedProperties": {{in: 'c', schema: `{type: object, properties: {a: {type: string}}, unevaluatedProperties: false}`, want: "none"}, {in: 'b', schema: unevProps, want: "warn"}, {in: 'c', schema: unevProps, want: "whole"}},
	"type":                  {{in: 'c', schema: `{type: [integer, string, 'null']}`, want: "none"}, {in: 'c', schema: `{type: object, properties: {n: {type: integer}, x: {type: number}, b: {type: boolean}}}`, want: "none"}},
	"enum": {{in: 'c', schema: `{enum: [1, a, null, [1]]}`, want: "none"}, {in: 'c', schema: `{type: string, enum: [a, b]}`, want: "none"},
		{in: 'c', schema: `{type: object, properties: {a: {type: integer, enum: []}}}`, want: "none"},
		{in: 'b', schema: `{type: object, properties: {a: {type: string}}, enum: []}`, want: "none"},
		{in: 'b', schema: `{type: object, properties: {a: {type: string}}, enum: [{a: x}, {b: 1}]}`, want: "none"},
		{in: 'b', schema: `{type: array, items: {type: integer}, enum: [[1], [2, 3]]}`, want: "none"},
		{in: 'b', schema: `{type: string, pattern: '^b', enum: [a, b]}`, want: "warn"}},
	"const": {{in: 'c', schema: `{const: {a: 1}}`, want: "none"}, {in: 'b', schema: constObject, want: "none"}, {in: 'c', schema: constObject, want: "none"},
		{in: 'b', schema: `{type: array, items: {type: integer}, const: [1, 2]}`, want: "none"}},
	"multipleOf":       {{in: 'c', schema: `{type: number, multipleOf: 0.01}`, want: "none"}},
	"maximum":          {{in: 'c', schema: `{type: number, maximum: 5}`, want: "none"}, {v30: true, in: 'c', schema: `{type: number, maximum: 5, exclusiveMaximum: true}`, want: "none"}},
	"exclusiveMaximum": {{in: 'c', schema: `{type: number, exclusiveMaximum: 5}`, want: "none"}},
	"minimum":          {{in: 'c', schema: `{type: integer, minimum: 1}`, want: "none"}, {v30: true, in: 'c', schema: `{type: number, minimum: 1, exclusiveMinimum: true}`, want: "none"}},
	"exclusiveMinimum": {{in: 'c', schema: `{type: integer, exclusiveMinimum: 1}`, want: "none"}},
	"maxLength":        {{in: 'c', schema: `{type: string, maxLength: 3}`, want: "none"}, {in: 'b', schema: `{type: string, format: date-time, maxLength: 5}`, want: "warn"}},
	"minLength":        {{in: 'c', schema: `{type: string, minLength: 1}`, want: "none"}, {in: 'b', schema: `{type: string, format: uuid, minLength: 40}`, want: "warn"}},
	"pattern": {{in: 'c', schema: `{type: string, pattern: '^[a-z]+$'}`, want: "none"}, {in: 'b', schema: `{type: string, format: date, pattern: '^1'}`, want: "warn"},
		{in: 'c', schema: `{type: string, pattern: '(?<=a)b'}`, want: "warn"}},
	"maxItems":          {{in: 'c', schema: `{type: array, items: {type: string}, maxItems: 3}`, want: "none"}},
	"minItems":          {{in: 'c', schema: `{type: array, items: {type: string}, minItems: 1}`, want: "none"}},
	"uniqueItems":       {{in: 'c', schema: `{type: array, items: {type: object}, uniqueItems: true}`, want: "none"}},
	"maxContains":       {{in: 'c', schema: `{contains: {minimum: 5}, maxContains: 3}`, want: "none"}, {in: 'b', schema: `{type: array, items: {type: integer}, contains: {const: 1}, maxContains: 2}`, want: "warn"}},
	"minContains":       {{in: 'c', schema: `{contains: {minimum: 5}, minContains: 2}`, want: "none"}, {in: 'b', schema: `{type: array, items: {type: integer}, contains: {const: 1}, minContains: 2}`, want: "warn"}},
	"maxProperties":     {{in: 'c', schema: `{type: object, maxProperties: 2}`, want: "none"}},
	"minProperties":     {{in: 'c', schema: `{type: object, properties: {a: {type: string}}, minProperties: 1}`, want: "none"}},
	"required":          {{in: 'c', schema: `{type: object, properties: {a: {type: string}}, required: [a]}`, want: "none"}},
	"dependentRequired": {{in: 'c', schema: `{dependentRequired: {a: [b]}}`, want: "none"}, {in: 'b', schema: `{type: object, dependentRequired: {a: [b]}, additionalProperties: {type: integer}}`, want: "none"}, {in: 'b', schema: depRequired, want: "warn"}, {in: 'c', schema: depRequired, want: "whole"}},
	"format":            {{in: 'c', schema: `{type: string, format: email}`, want: "none"}, {in: 'c', schema: `{type: string, format: something-else}`, want: "none"}},
	"contentEncoding":   {{in: 'c', schema: `{type: string, contentEncoding: base64}`, want: "none"}},
	"contentMediaType":  {{in: 'c', schema: `{type: string, contentMediaType: application/json}`, want: "none"}},
	"contentSchema":     {{in: 'c', schema: `{type: string, contentMediaType: application/json, contentSchema: {type: object, required: [a]}}`, want: "none"}},
	"title":             {{in: 'c', schema: `{type: string, title: A name}`, want: "none"}},
	"description":       {{in: 'c', schema: `{type: string, description: A name}`, want: "none"}},
	"default":           {{in: 'c', schema: `{type: object, properties: {a: {type: string, default: x}}}`, want: "none"}},
	"deprecated":        {{in: 'c', schema: `{type: string, deprecated: true}`, want: "none"}},
	"readOnly":          {{in: 'c', schema: `{type: object, properties: {a: {type: string, readOnly: true}}, required: [a]}`, want: "none"}},
	"writeOnly":         {{in: 'c', schema: `{type: object, properties: {a: {type: string, writeOnly: true}}, required: [a]}`, want: "none"}},
	"examples":          {{in: 'c', schema: `{type: string, examples: [a, b]}`, want: "none"}},
	"nullable": {{v30: true, in: 'c', schema: `{type: string, nullable: true}`, want: "none"},
		{v30: true, in: 'c', schema: `{type: object, properties: {a: {allOf: [{$ref: '#/components/schemas/Other'}], nullable: true}}}`, want: "none"}},
	"discriminator": {{in: 'c', schema: `{oneOf: [{$ref: '#/components/schemas/Cat'}, {$ref: '#/components/schemas/Dog'}], discriminator: {propertyName: kind}}`, want: "none"},
		{v30: true, in: 'c', schema: `{oneOf: [{$ref: '#/components/schemas/Other'}], discriminator: {propertyName: kind}}`, want: "warn"}},
	"xml":          {{in: 'c', schema: `{type: string, xml: {name: n}}`, want: "none"}},
	"externalDocs": {{in: 'c', schema: `{type: string, externalDocs: {url: 'https://example.com'}}`, want: "none"}},
	"example":      {{in: 'c', schema: `{type: string, example: a}`, want: "none"}},
}

// Schemas more than one keyword's probes use.
const (
	oneOfByKeys = `{oneOf: [{type: object, properties: {a: {type: string}}, required: [a]}, {type: object, properties: {b: {type: string}}, required: [b]}]}`
	// oneOfOpenByKeys has a variant whose additional properties have a
	// schema: its verdict is not made key by key from declared properties.
	oneOfOpenByKeys = `{oneOf: [{type: object, properties: {a: {type: string}}, required: [a], additionalProperties: {type: string}}, {type: object, properties: {b: {type: string}}, required: [b]}]}`
	notOther        = `{type: object, properties: {a: {type: string}}, not: {properties: {a: {const: x}}}}`
	ifThen          = `{type: array, items: {type: string}, if: {minItems: 1}, then: {maxItems: 2}}`
	depSchemas      = `{type: object, properties: {a: {type: string}}, dependentSchemas: {a: {required: [b]}}}`
	depRequired     = `{type: object, properties: {a: {type: string}}, dependentRequired: {a: [b]}}`
	containsTyped   = `{type: array, items: {type: integer}, contains: {const: 1}}`
	propNames       = `{type: object, properties: {a: {type: string}}, propertyNames: {maxLength: 3}}`
	unevItems       = `{type: array, prefixItems: [{type: string}], allOf: [{prefixItems: [true, {type: string}]}], unevaluatedItems: {type: integer}}`
	unevProps       = `{type: object, properties: {a: {type: string}}, allOf: [{properties: {b: {type: string}}}], unevaluatedProperties: false}`
	constObject     = `{type: object, properties: {a: {type: string}}, const: {a: x}}`
)

// The 2020-12 vocabularies' keywords and OpenAPI's, which must all be
// rows whatever the spec model's Schema reads (its yaml tags).
var specKeywords = strings.Fields(`$schema $id $ref $anchor $dynamicRef $dynamicAnchor $vocabulary $comment $defs
	prefixItems items contains additionalProperties properties patternProperties dependentSchemas propertyNames if then else allOf anyOf oneOf not
	unevaluatedItems unevaluatedProperties
	type const enum multipleOf maximum exclusiveMaximum minimum exclusiveMinimum maxLength minLength pattern
	maxItems minItems uniqueItems maxContains minContains maxProperties minProperties required dependentRequired
	format contentEncoding contentMediaType contentSchema
	title description default deprecated readOnly writeOnly examples
	nullable discriminator xml externalDocs example`)

// The formats OpenAPI and JSON Schema 2020-12 name, which must all be
// rows whatever the generator knows.
var specFormats = strings.Fields(`date-time date time duration email idn-email hostname idn-hostname ipv4 ipv6
	uri uri-reference iri iri-reference uuid uri-template json-pointer relative-json-pointer regex
	int32 int64 float double byte binary password`)

var statuses = []string{"enforced", "enforced with deviation", "annotation", "warned", "not expressible"}

// A row of the keyword or format table.
type tableRow struct {
	name, kind, status, proof string
	line                      int
}

// TestKeywordTable checks docs/conformance.md's keyword and format table
// against the generator: every keyword and format is a row with a known
// status, the probes of each keyword generate what its status says, each
// format's Go type or check agrees with its status, and the proofs'
// counts are those of the results table.
func TestKeywordTable(t *testing.T) {
	data, err := os.ReadFile(conformanceDoc)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	keywords, formats := keywordTable(t, doc)

	t.Run("every keyword is a row", func(t *testing.T) {
		want := slices.Clone(specKeywords)
		// Whatever the spec model's Schema reads is a keyword too.
		st := reflect.TypeOf(spec.Schema{})
		for i := range st.NumField() {
			if tag, _, _ := strings.Cut(st.Field(i).Tag.Get("yaml"), ","); tag != "" && tag != "-" {
				want = append(want, tag)
			}
		}
		slices.Sort(want)
		for _, k := range slices.Compact(want) {
			if _, ok := keywords[k]; !ok {
				t.Errorf("keyword %s has no row in %s", k, conformanceDoc)
			}
		}
		for k, r := range keywords {
			if _, ok := keywordProbes[k]; !ok {
				t.Errorf("%s:%d: keyword %s has no probes in keywordProbes", conformanceDoc, r.line, k)
			}
		}
		for k := range keywordProbes {
			if _, ok := keywords[k]; !ok {
				t.Errorf("keywordProbes has %s, which has no row", k)
			}
		}
	})

	t.Run("every format is a row", func(t *testing.T) {
		want := slices.Concat(specFormats, knownFormats(t))
		slices.Sort(want)
		for _, f := range slices.Compact(want) {
			if _, ok := formats[f]; !ok {
				t.Errorf("format %s has no row in %s", f, conformanceDoc)
			}
		}
	})

	t.Run("probes", func(t *testing.T) {
		for k, r := range keywords {
			got := map[string]bool{}
			for _, p := range keywordProbes[k] {
				checkProbe(t, k, p)
				got[p.want] = true
			}
			bad := ""
			switch r.status {
			case "enforced", "annotation":
				if len(got) != 1 || !got["none"] {
					bad = "its probes must all generate without a word"
				}
			case "warned":
				if !got["warn"] {
					bad = "it needs a probe that warns"
				}
			case "enforced with deviation":
				if !got["none"] && !got["whole"] {
					bad = "it needs a probe where it is checked"
				}
			}
			if bad != "" {
				t.Errorf("%s:%d: %s is %s: %s", conformanceDoc, r.line, k, r.status, bad)
			}
		}
	})

	t.Run("formats", func(t *testing.T) {
		for f, r := range formats {
			for _, annotations := range []bool{false, true} {
				checkFormat(t, f, r, annotations)
			}
		}
	})

	t.Run("proofs", func(t *testing.T) {
		results := suiteResults(doc)
		if len(results) == 0 {
			t.Fatalf("no per-file results in %s", conformanceDoc)
		}
		proof := regexp.MustCompile("`([^`]+\\.json)` ([0-9]+)/([0-9]+)")
		if *updateProofs {
			begin, end := strings.Index(doc, "<!-- keywords:begin -->"), strings.Index(doc, "<!-- keywords:end -->")
			section := proof.ReplaceAllStringFunc(doc[begin:end], func(m string) string {
				file := proof.FindStringSubmatch(m)[1]
				if got, ok := results[file]; ok {
					return "`" + file + "` " + got
				}
				return m
			})
			if err := os.WriteFile(conformanceDoc, []byte(doc[:begin]+section+doc[end:]), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		for _, rows := range []map[string]tableRow{keywords, formats} {
			for name, r := range rows {
				for _, m := range proof.FindAllStringSubmatch(r.proof, -1) {
					got, ok := results[m[1]]
					if !ok {
						t.Errorf("%s:%d: %s: %s is not in the results", conformanceDoc, r.line, name, m[1])
					} else if want := m[2] + "/" + m[3]; got != want {
						t.Errorf("%s:%d: %s: %s passes %s in the results, the row says %s", conformanceDoc, r.line, name, m[1], got, want)
					}
				}
			}
		}
	})
}

// keywordTable parses the tables between the keywords markers: keyword
// rows, then format rows.
func keywordTable(t *testing.T, doc string) (keywords, formats map[string]tableRow) {
	t.Helper()
	begin, end := strings.Index(doc, "<!-- keywords:begin -->"), strings.Index(doc, "<!-- keywords:end -->")
	if begin < 0 || end < begin {
		t.Fatalf("%s: no keywords:begin/end section", conformanceDoc)
	}
	keywords, formats = map[string]tableRow{}, map[string]tableRow{}
	line := strings.Count(doc[:begin], "\n") + 1
	var rows map[string]tableRow
	for l := range strings.SplitSeq(doc[begin:end], "\n") {
		line++
		if !strings.HasPrefix(l, "|") {
			continue
		}
		cells := strings.Split(strings.Trim(l, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		switch {
		case cells[0] == "keyword":
			rows = keywords
			continue
		case cells[0] == "format":
			rows = formats
			continue
		case strings.HasPrefix(cells[0], "---"):
			continue
		}
		if rows == nil || len(cells) != 5 {
			t.Fatalf("%s:%d: want a row of 5 cells under a keyword or format header: %s", conformanceDoc, line-1, l)
		}
		name := strings.Trim(cells[0], "`")
		if _, dup := rows[name]; dup {
			t.Errorf("%s:%d: %s has two rows", conformanceDoc, line-1, name)
		}
		if !slices.Contains(statuses, cells[2]) {
			t.Errorf("%s:%d: %s: status %q is not one of %q", conformanceDoc, line-1, name, cells[2], statuses)
		}
		rows[name] = tableRow{name: name, kind: cells[1], status: cells[2], proof: cells[4], line: line - 1}
	}
	return keywords, formats
}

// suiteResults reads the per-file results table the suite tool writes:
// file -> "pass/ran".
func suiteResults(doc string) map[string]string {
	begin := strings.Index(doc, "<!-- conformance:begin -->")
	if begin < 0 {
		return nil
	}
	out := map[string]string{}
	for l := range strings.SplitSeq(doc[begin:], "\n") {
		cells := strings.Split(strings.Trim(l, "|"), "|")
		if len(cells) < 4 || !strings.HasPrefix(l, "| `") {
			continue
		}
		out[strings.Trim(strings.TrimSpace(cells[0]), "`")] = strings.TrimSpace(cells[3]) + "/" + strings.TrimSpace(cells[2])
	}
	return out
}

// probeDoc puts a probe's schema in a document: the line and column the
// schema starts at.
func probeDoc(p probe) (doc string, line, col int) {
	version := "3.1.0"
	if p.v30 {
		version = "3.0.3"
	}
	head := "openapi: " + version + "\ninfo: {title: t, version: '1'}\n"
	others := "    Other: {type: string}\n" +
		"    Cat: {type: object, properties: {kind: {type: string}, meows: {type: boolean}}, required: [kind]}\n" +
		"    Dog: {type: object, properties: {kind: {type: string}, barks: {type: boolean}}, required: [kind]}\n"
	if p.in == 'c' {
		return head + "paths: {}\ncomponents:\n  schemas:\n" + others + "    S: " + p.schema + "\n", 9, 8
	}
	return head + "paths:\n  /x:\n    post:\n      requestBody:\n        content:\n          application/json:\n            schema: " + p.schema +
		"\n      responses: {'204': {description: d}}\ncomponents:\n  schemas:\n" + others, 9, 21
}

// checkProbe generates a probe's spec and checks that it prints what the
// probe wants.
func checkProbe(t *testing.T, kw string, p probe) {
	t.Helper()
	doc, line, col := probeDoc(p)
	at := "spec.yaml:" + strconv.Itoa(line) + ":"
	s, err := spec.Parse("spec.yaml", []byte(doc))
	var pkg *ir.Package
	if err == nil {
		pkg, err = Package(s, Options{})
	}
	if p.want == "error" {
		if err == nil || !strings.HasPrefix(err.Error(), at) {
			t.Errorf("%s %s: want an error at %s..., got %v", kw, p.schema, at, err)
		}
		return
	}
	if err != nil {
		t.Errorf("%s %s: %v", kw, p.schema, err)
		return
	}
	var diags []string
	named, whole := false, false
	name := regexp.MustCompile(`(^|[^A-Za-z0-9_$])` + regexp.QuoteMeta(kw) + `($|[^A-Za-z0-9_])`)
	for _, d := range pkg.Diagnostics {
		diags = append(diags, d.String())
		switch {
		case strings.Contains(d.Msg, "checked on the JSON value as a whole"):
			whole = true
		case d.Pos.File == "spec.yaml" && d.Pos.Line == line && d.Pos.Col >= col && name.MatchString(d.Msg):
			named = true
		}
	}
	ok := true
	switch p.want {
	case "none":
		ok = len(diags) == 0
	case "warn":
		ok = named
	case "whole":
		ok = whole && !named
	}
	if !ok {
		t.Errorf("%s %s (in %c): want %s, got warnings:\n%s", kw, p.schema, p.in, p.want, strings.Join(diags, "\n"))
	}
}

// checkFormat generates a component of a format's type and format and
// checks that its Go type or check agrees with the row's status; with
// -format-annotations, that a string format is checked by nothing.
func checkFormat(t *testing.T, f string, r tableRow, annotations bool) {
	t.Helper()
	doc := "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    S: {type: " + r.kind + ", format: " + f + "}\n"
	s, err := spec.Parse("spec.yaml", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := Package(s, Options{FormatAnnotations: annotations})
	if err != nil {
		t.Errorf("format %s: %v", f, err)
		return
	}
	for _, d := range pkg.Diagnostics {
		t.Errorf("format %s: %s", f, d)
	}
	var prim *ir.Prim
	for _, d := range pkg.Decls {
		if a, ok := d.(*ir.Alias); ok && a.GoName == "S" {
			prim, _ = a.Type.(*ir.Prim)
		}
	}
	if prim == nil {
		t.Errorf("format %s: S is not a primitive type", f)
		return
	}
	checked := prim.FormatCheck() != "" || prim.Kind != map[string]ir.PrimKind{"string": ir.String, "integer": ir.Int64, "number": ir.Float64}[r.kind] ||
		prim.Minimum != nil || prim.Maximum != nil || f == "int64" && prim.Kind == ir.Int64 || f == "double" && prim.Kind == ir.Float64
	switch {
	case annotations && r.kind == "string":
		if checked {
			t.Errorf("format %s with -format-annotations: kind %d with check %q, want a string with no check", f, prim.Kind, prim.FormatCheck())
		}
	case annotations:
	case checked != (r.status != "annotation"):
		t.Errorf("%s:%d: format %s is %s, but its Go type is kind %d with check %q", conformanceDoc, r.line, f, r.status, prim.Kind, prim.FormatCheck())
	}
}

// knownFormats returns the formats the generator's source names: the
// cases of switches on a format and comparisons of one with a string,
// in internal/build, internal/ir and internal/gen.
func knownFormats(t *testing.T) []string {
	t.Helper()
	isFormat := func(e ast.Expr) bool {
		switch e := e.(type) {
		case *ast.Ident:
			return e.Name == "format"
		case *ast.SelectorExpr:
			return e.Sel.Name == "Format"
		}
		return false
	}
	var out []string
	lit := func(e ast.Expr) {
		if b, ok := e.(*ast.BasicLit); ok && b.Kind == token.STRING {
			if s, err := strconv.Unquote(b.Value); err == nil && s != "" && !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	for _, dir := range []string{".", "../ir", "../gen"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.SwitchStmt:
					if n.Tag != nil && isFormat(n.Tag) {
						for _, c := range n.Body.List {
							for _, e := range c.(*ast.CaseClause).List {
								lit(e)
							}
						}
					}
				case *ast.BinaryExpr:
					if (n.Op == token.EQL || n.Op == token.NEQ) && (isFormat(n.X) || isFormat(n.Y)) {
						lit(n.X)
						lit(n.Y)
					}
				}
				return true
			})
		}
	}
	if len(out) < 10 {
		t.Fatalf("found only %d formats in the generator's source: %q", len(out), out)
	}
	return out
}

// TestEmptyEnum checks that an enum of no values allows no value: a type
// use is the schema false (JSON Schema: no value is one of none).
func TestEmptyEnum(t *testing.T) {
	doc := "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    E: {type: string, enum: []}\n    F: {enum: []}\n"
	p := buildDoc(t, doc)
	for _, d := range p.Decls {
		if a, ok := d.(*ir.Alias); !ok {
			t.Errorf("%s is a %T, want an alias of the schema false", d.Name(), d)
		} else if an, ok := a.Type.(*ir.Any); !ok || !an.False {
			t.Errorf("%s is %#v, want the schema false", d.Name(), a.Type)
		}
	}
}

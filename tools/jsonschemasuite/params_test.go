package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/internal/build"
	"github.com/oasgen/oasgen/internal/gen"
	"github.com/oasgen/oasgen/internal/spec"
)

var fuzzParams = flag.Int("fuzz.params", 60, "TestDifferentialParams: how many random parameters")

// TestDifferentialParams judges random values of random array and object
// parameters, in every location and style, with the reference validator
// (on the JSON value the parameter's text stands for: each item or
// property a number or a boolean where its schema's type says so and the
// text is one, else a string) and with the server oasgen generates (its
// answer, 204 or 400), and fails where they disagree, unless generation
// warned about the parameter. The server runs in a scratch module, each
// request through its ServeHTTP. -fuzz.params and -fuzz.seed run more or
// others.
func TestDifferentialParams(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a scratch module")
	}
	r := rand.New(rand.NewPCG(*fuzzSeed, 21))
	var cases []*paramCase
	for i := 0; i < *fuzzParams; i++ {
		c := randParamCase(r, i)
		for j := 0; j < 8; j++ {
			c.reqs = append(c.reqs, c.randRequest(r))
		}
		cases = append(cases, c)
	}
	doc := paramsDoc(cases)
	s, err := spec.Parse("params.json", doc)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := build.Package(s, build.Options{})
	if err != nil {
		t.Fatalf("%v\n%s", err, doc)
	}
	for _, d := range pkg.Diagnostics {
		if i := d.Pos.Line - 2; i >= 0 && i < len(cases) {
			cases[i].warnings = append(cases[i].warnings, d.Msg)
		}
	}
	files, err := gen.Generate(pkg, gen.Options{Package: "params"})
	if err != nil {
		t.Fatal(err)
	}
	codes := runParams(t, files, cases)

	var groups []*group
	for _, c := range cases {
		var instances [][]byte
		for _, q := range c.reqs {
			instances = append(instances, q.value)
		}
		groups = append(groups, referenceGroup(t, c.schema, instances))
	}
	k := 0
	tally := map[string]int{}
	for ci, c := range cases {
		for qi, q := range c.reqs {
			code := codes[k]
			k++
			valid := groups[ci].Tests[qi].Valid
			switch {
			case code != 204 && code != 400:
				tally["other status"]++
				t.Errorf("%s: %s %q: status %d", c.desc(), q.target, q.header, code)
			case (code == 204) == valid:
				tally["pass"]++
			case len(c.warnings) > 0:
				tally["warned"]++
				if os.Getenv("PARAMS_DEBUG") != "" {
					t.Logf("%s: %s %q stands for %s: %d, reference valid=%v", c.desc(), q.target, q.header, q.value, code, valid)
				}
			case valid:
				tally["rejects valid"]++
				t.Errorf("%s: %s %q stands for %s: 400, and the reference takes it", c.desc(), q.target, q.header, q.value)
			default:
				tally["accepts invalid"]++
				t.Errorf("%s: %s %q stands for %s: 204, and the reference refuses it", c.desc(), q.target, q.header, q.value)
			}
		}
	}
	for _, c := range cases {
		if len(c.warnings) > 0 {
			t.Logf("%s: warned: %s", c.desc(), strings.Join(c.warnings, "; "))
		}
	}
	t.Logf("outcomes: %v", tally)
}

// paramCase is one random parameter of an operation of its own.
type paramCase struct {
	index        int
	in, style    string
	explode      bool
	object       bool
	schema       []byte         // the parameter's schema, JSON
	items        map[string]any // an array's items schema
	props        map[string]map[string]any
	reqs         []paramRequest
	warnings     []string
	requireItems bool // an empty value cannot be sent: the parameter would be absent
}

// paramRequest is a request carrying one value of the parameter.
type paramRequest struct {
	target string
	header [2]string
	value  []byte // the JSON value the text stands for
}

func (c *paramCase) desc() string {
	return fmt.Sprintf("o%d (%s, %s, explode %v) %s", c.index, c.in, c.style, c.explode, c.schema)
}

// name is the parameter's name in its location.
func (c *paramCase) name() string {
	if c.in == "header" {
		return "X-P"
	}
	return "v"
}

var (
	paramItemTypes = []string{"integer", "number", "string", "boolean"}
	paramTexts     = map[string][]string{
		"integer": {"0", "-0", "1", "1.0", "2", "2e0", "2.5", "-1", "3", "x"},
		"number":  {"0", "-0", "1", "1.0", "2", "0.5", "2.5", "1e0", "-1", "x"},
		"string":  {"a", "b", "ab", "abc", "1"},
		"boolean": {"true", "false", "x"},
	}
	paramProps = []string{"a", "b", "c"}
)

func randParamItem(r *rand.Rand) map[string]any {
	typ := paramItemTypes[r.IntN(len(paramItemTypes))]
	s := map[string]any{"type": typ}
	switch typ {
	case "integer":
		if r.IntN(3) == 0 {
			s["minimum"] = r.IntN(3) - 1
		}
		if r.IntN(3) == 0 {
			s["maximum"] = r.IntN(3) + 1
		}
	case "number":
		if r.IntN(3) == 0 {
			s["maximum"] = 2
		}
		if r.IntN(4) == 0 {
			s["multipleOf"] = 0.5
		}
	case "string":
		if r.IntN(3) == 0 {
			s["minLength"] = r.IntN(3)
		}
		if r.IntN(3) == 0 {
			s["maxLength"] = r.IntN(3) + 1
		}
		if r.IntN(4) == 0 {
			s["enum"] = []string{"a", "ab", "1"}
		}
	}
	return s
}

// randParamCase returns a random array or object parameter in a random
// location and style.
func randParamCase(r *rand.Rand, i int) *paramCase {
	c := &paramCase{index: i}
	sch := map[string]any{}
	if r.IntN(3) > 0 {
		c.items = randParamItem(r)
		sch["type"], sch["items"] = "array", c.items
		if r.IntN(2) == 0 {
			sch["minItems"] = r.IntN(4)
		}
		if r.IntN(2) == 0 {
			sch["maxItems"] = r.IntN(4) + 1
		}
		if r.IntN(2) == 0 {
			sch["uniqueItems"] = true
		}
		way := [][3]string{
			{"query", "form", "true"}, {"query", "form", "false"}, {"query", "spaceDelimited", "false"},
			{"query", "pipeDelimited", "false"}, {"header", "simple", "false"}, {"cookie", "form", "false"},
			{"path", "simple", "false"}, {"path", "label", "false"}, {"path", "matrix", "false"}, {"path", "matrix", "true"},
		}[r.IntN(10)]
		c.in, c.style, c.explode = way[0], way[1], way[2] == "true"
		c.requireItems = c.in != "query" || c.explode
	} else {
		c.object = true
		sch["type"] = "object"
		c.props = map[string]map[string]any{}
		props := map[string]any{}
		var required []string
		for _, p := range paramProps {
			if r.IntN(3) > 0 {
				c.props[p] = randParamItem(r)
				props[p] = c.props[p]
				if r.IntN(3) == 0 {
					required = append(required, p)
				}
			}
		}
		if len(props) == 0 {
			c.props["a"] = randParamItem(r)
			props["a"] = c.props["a"]
		}
		sch["properties"] = props
		if len(required) > 0 {
			sch["required"] = required
		}
		if r.IntN(2) == 0 {
			sch["minProperties"] = r.IntN(3)
		}
		if r.IntN(2) == 0 {
			sch["maxProperties"] = r.IntN(3) + 1
		}
		if r.IntN(2) == 0 {
			sch["additionalProperties"] = false
		}
		way := [][3]string{
			{"query", "deepObject", "false"}, {"query", "form", "false"}, {"query", "form", "true"},
			{"header", "simple", "false"}, {"header", "simple", "true"},
		}[r.IntN(5)]
		c.in, c.style, c.explode = way[0], way[1], way[2] == "true"
		c.requireItems = c.in != "query" || c.style != "form" || c.explode
	}
	c.schema, _ = json.Marshal(sch)
	return c
}

// denote returns the JSON value a parameter's text stands for under a
// scalar schema of type typ.
func denote(text, typ string) any {
	switch typ {
	case "integer", "number":
		var n json.Number
		if json.Unmarshal([]byte(text), &n) == nil {
			return n
		}
	case "boolean":
		switch text {
		case "true":
			return true
		case "false":
			return false
		}
	}
	return text
}

// randRequest returns a request with a random value of the parameter.
func (c *paramCase) randRequest(r *rand.Rand) paramRequest {
	var texts []string // items, or names and values
	var value any
	if !c.object {
		typ := c.items["type"].(string)
		n := r.IntN(5)
		if n == 0 && c.requireItems {
			n = 1
		}
		items := []any{}
		for range n {
			// Draw from the first texts more often, so items repeat.
			pool := paramTexts[typ]
			t := pool[min(r.IntN(len(pool)), r.IntN(len(pool)))]
			texts = append(texts, t)
			items = append(items, denote(t, typ))
		}
		value = items
	} else {
		names := append(slices.Clone(paramProps), "z")
		if c.in == "query" && c.style == "form" && c.explode {
			// An exploded form object's undeclared names are other
			// parameters, never its own.
			names = slices.Sorted(maps.Keys(c.props))
		}
		r.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
		n := r.IntN(len(names) + 1)
		if n == 0 && c.requireItems {
			n = 1
		}
		obj := map[string]any{}
		for _, name := range names[:n] {
			typ := "string"
			if p, ok := c.props[name]; ok {
				typ = p["type"].(string)
			}
			pool := paramTexts[typ]
			t := pool[r.IntN(len(pool))]
			texts = append(texts, name, t)
			obj[name] = denote(t, typ)
		}
		value = obj
	}
	data, err := json.Marshal(value)
	if err != nil {
		panic(err)
	}
	q := paramRequest{target: fmt.Sprintf("/o%d", c.index), value: data}
	name := c.name()
	switch c.in {
	case "path":
		seg := ""
		esc := make([]string, len(texts))
		for i, t := range texts {
			esc[i] = url.PathEscape(t)
		}
		switch {
		case c.style == "label":
			seg = "." + strings.Join(esc, ",")
		case c.style == "matrix" && c.explode:
			seg = ";" + name + "=" + strings.Join(esc, ";"+name+"=")
		case c.style == "matrix":
			seg = ";" + name + "=" + strings.Join(esc, ",")
		default:
			seg = strings.Join(esc, ",")
		}
		q.target += "/" + seg
	case "header":
		if c.object && c.explode {
			var pairs []string
			for i := 0; i+1 < len(texts); i += 2 {
				pairs = append(pairs, texts[i]+"="+texts[i+1])
			}
			q.header = [2]string{name, strings.Join(pairs, ",")}
		} else {
			q.header = [2]string{name, strings.Join(texts, ",")}
		}
	case "cookie":
		q.header = [2]string{"Cookie", name + "=" + strings.Join(texts, ",")}
	case "query":
		var pairs []string
		switch {
		case c.object && c.style == "deepObject":
			for i := 0; i+1 < len(texts); i += 2 {
				pairs = append(pairs, url.QueryEscape(name+"["+texts[i]+"]")+"="+url.QueryEscape(texts[i+1]))
			}
		case c.object && c.explode:
			for i := 0; i+1 < len(texts); i += 2 {
				pairs = append(pairs, url.QueryEscape(texts[i])+"="+url.QueryEscape(texts[i+1]))
			}
		case c.style == "form" && c.explode:
			for _, t := range texts {
				pairs = append(pairs, name+"="+url.QueryEscape(t))
			}
		case c.style == "form":
			esc := make([]string, len(texts))
			for i, t := range texts {
				esc[i] = url.QueryEscape(t)
			}
			pairs = append(pairs, name+"="+strings.Join(esc, ","))
		default:
			sep := map[string]string{"spaceDelimited": " ", "pipeDelimited": "|"}[c.style]
			pairs = append(pairs, name+"="+url.QueryEscape(strings.Join(texts, sep)))
		}
		if len(pairs) > 0 {
			q.target += "?" + strings.Join(pairs, "&")
		}
	}
	return q
}

// paramsDoc renders the OpenAPI document of the cases, case i on line
// i+2, so that a warning's line names its case.
func paramsDoc(cases []*paramCase) []byte {
	var b bytes.Buffer
	b.WriteString(`{"openapi": "3.1.0", "info": {"title": "params", "version": "1"}, "paths": {` + "\n")
	for i, c := range cases {
		path := fmt.Sprintf("/o%d", c.index)
		if c.in == "path" {
			path += "/{" + c.name() + "}"
		}
		sep := ","
		if i == len(cases)-1 {
			sep = ""
		}
		fmt.Fprintf(&b, `%q: {"get": {"operationId": "o%d", "parameters": [{"name": %q, "in": %q, "style": %q, "explode": %v, "required": %v, "schema": %s}], "responses": {"204": {"description": "ok"}}}}%s`+"\n",
			path, c.index, c.name(), c.in, c.style, c.explode, c.in == "path", c.schema, sep)
	}
	b.WriteString("}}\n")
	return b.Bytes()
}

// runParams builds the generated server in a scratch module with a
// program that sends it every request of the cases, and returns the
// statuses, in order.
func runParams(t *testing.T, files []gen.File, cases []*paramCase) []int {
	t.Helper()
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	mod := t.TempDir()
	write := func(name string, data []byte) {
		path := filepath.Join(mod, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", []byte("module params.example\n\ngo 1.26\n\nrequire github.com/oasgen/oasgen v0.0.0\n\nreplace github.com/oasgen/oasgen => "+root+"\n"))
	sum, _ := os.ReadFile(filepath.Join(root, "go.sum"))
	write("go.sum", sum)
	for _, f := range files {
		write(filepath.Join("params", f.Name), f.Content)
	}
	var m bytes.Buffer
	m.WriteString(`package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"

	"params.example/params"
)

type handler struct{ params.Unimplemented }
`)
	for _, c := range cases {
		fmt.Fprintf(&m, "\nfunc (handler) O%d(context.Context, params.O%dParams) (params.O%dResponse, error) {\n\treturn params.O%dResponse204{}, nil\n}\n", c.index, c.index, c.index, c.index)
	}
	m.WriteString(`
func main() {
	srv := params.NewServer(handler{})
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<20)
	for in.Scan() {
		var q struct {
			Target string
			Header [2]string
		}
		if err := json.Unmarshal(in.Bytes(), &q); err != nil {
			panic(err)
		}
		req := httptest.NewRequest("GET", q.Target, nil)
		if q.Header[0] != "" {
			req.Header.Set(q.Header[0], q.Header[1])
		}
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		fmt.Println(rec.Code)
	}
}
`)
	write("main.go", m.Bytes())
	var stdin bytes.Buffer
	n := 0
	for _, c := range cases {
		for _, q := range c.reqs {
			line, _ := json.Marshal(struct {
				Target string
				Header [2]string
			}{q.target, q.header})
			stdin.Write(append(line, '\n'))
			n++
		}
	}
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = mod
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	cmd.Stdin = &stdin
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, stderr.Bytes())
	}
	var codes []int
	for _, f := range strings.Fields(string(out)) {
		var code int
		fmt.Sscan(f, &code)
		codes = append(codes, code)
	}
	if len(codes) != n {
		t.Fatalf("%d statuses for %d requests", len(codes), n)
	}
	return codes
}

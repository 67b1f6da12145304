package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// probeParam is the parameter -rebuild adds to one operation: a change to
// the operation's Go API (its Params type gains a field, its decoder and
// its client method a parameter), as a user's edit of one operation is.
const probeParam = `{"name":"oasgenProbe","in":"query","schema":{"type":"string"}}`

// timeRebuild measures the one-operation rebuild of r's package: the
// build cache is brought to the package as generated, one operation of the
// spec gets probeParam, the package is generated again from the changed
// spec, and go build is timed.
func (r *row) timeRebuild(entry specEntry, bin string) error {
	dir := r.build.root
	if err := run(dir, "go", "build", "./..."); err != nil { // without the nonces
		return err
	}
	src, err := os.ReadFile(entry.path)
	if err != nil {
		return err
	}
	changed, op, err := addProbe(src)
	if err != nil {
		return fmt.Errorf("%s: %v", entry.path, err)
	}
	path := filepath.Join(filepath.Dir(dir), r.spec+"-changed.json")
	if err := os.WriteFile(path, changed, 0o644); err != nil {
		return err
	}
	defer os.Remove(path)
	entry.path = path
	if _, _, _, err := generate(r.gen, bin, entry, dir, "api"); err != nil {
		return err
	}
	r.rebuild, _, r.rebuildRSS, err = measure(dir, "go", "build", "./...")
	r.rebuildOp = op
	return err
}

// httpMethods are the keys of a path item that hold operations.
var httpMethods = []string{"get", "put", "post", "delete", "options", "head", "patch", "trace", "query"}

// addProbe returns the JSON spec src with probeParam added to the
// parameters of its middle operation in document order, and that
// operation as "METHOD /path". The rest of the text is kept byte for byte,
// so the order of everything, which names follow, does not change.
func addProbe(src []byte) ([]byte, string, error) {
	type opAt struct {
		name         string
		open, params int64 // offsets just past the operation's { and its parameters' [
	}
	var ops []*opAt
	dec := json.NewDecoder(bytes.NewReader(src))
	type frame struct {
		object  bool
		key     string
		wantKey bool
	}
	var stack []frame
	path := func() []string {
		var p []string
		for _, f := range stack {
			if f.object {
				p = append(p, f.key)
			} else {
				p = append(p, "[]")
			}
		}
		return p
	}
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, "", err
		}
		if n := len(stack); n > 0 && stack[n-1].object && stack[n-1].wantKey {
			if k, ok := tok.(string); ok {
				stack[n-1].key, stack[n-1].wantKey = k, false
				continue
			}
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			p := path()
			if tok == json.Delim('{') && len(p) == 3 && p[0] == "paths" && slices.Contains(httpMethods, p[2]) {
				ops = append(ops, &opAt{name: strings.ToUpper(p[2]) + " " + p[1], open: dec.InputOffset(), params: -1})
			}
			if tok == json.Delim('[') && len(p) == 4 && p[0] == "paths" && p[3] == "parameters" && len(ops) > 0 {
				if o := ops[len(ops)-1]; o.name == strings.ToUpper(p[2])+" "+p[1] {
					o.params = dec.InputOffset()
				}
			}
			stack = append(stack, frame{object: tok == json.Delim('{'), wantKey: true})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
		if n := len(stack); n > 0 && stack[n-1].object {
			stack[n-1].wantKey = true
		}
	}
	if len(ops) == 0 {
		return nil, "", errors.New("no operation under paths")
	}
	o := ops[len(ops)/2]
	at, insert := o.open, `"parameters":[`+probeParam+`]`
	if o.params >= 0 {
		at, insert = o.params, probeParam
	}
	rest := bytes.TrimLeft(src[at:], " \t\r\n")
	if len(rest) > 0 && rest[0] != ']' && rest[0] != '}' {
		insert += ","
	}
	out := make([]byte, 0, len(src)+len(insert))
	out = append(append(append(out, src[:at]...), insert...), src[at:]...)
	return out, o.name, nil
}

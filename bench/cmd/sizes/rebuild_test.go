package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestAddProbe(t *testing.T) {
	src := `{"openapi":"3.0.3","paths":{
 "/a":{"get":{"parameters":[{"name":"x","in":"query"}],"responses":{}}},
 "/b":{"parameters":[],"post":{"responses":{}},"get":{"parameters":[],"responses":{}}},
 "/c":{"put":{"responses":{"200":{"description":"ok"}}}}}}`
	out, op, err := addProbe([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	// Four operations in document order: the middle one is the third.
	if op != "GET /b" {
		t.Errorf("operation %q", op)
	}
	var doc struct {
		Paths map[string]map[string]json.RawMessage
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	if got := string(doc.Paths["/b"]["get"]); !strings.Contains(got, `[`+probeParam+`]`) {
		t.Errorf("GET /b = %s", got)
	}
	if strings.Count(string(out), "oasgenProbe") != 1 || len(out) != len(src)+len(probeParam) {
		t.Errorf("more than the parameter changed:\n%s", out)
	}
	// An operation with no parameters gets the key; one with some, the
	// parameter first in them.
	for _, tc := range []struct{ src, want string }{
		{`{"paths":{"/c":{"put":{"responses":{}}}}}`, `"put":{"parameters":[` + probeParam + `],"responses":{}}`},
		{`{"paths":{"/a":{"get":{"parameters":[{"name":"x"}]}}}}`, `"parameters":[` + probeParam + `,{"name":"x"}]`},
	} {
		out, _, err := addProbe([]byte(tc.src))
		if err != nil || !strings.Contains(string(out), tc.want) || !json.Valid(out) {
			t.Errorf("%s -> %s (%v)", tc.src, out, err)
		}
	}
}

package build

import (
	"path/filepath"
	"reflect"
	"testing"

	"github.com/oasgen/oasgen/internal/ir"
	"github.com/oasgen/oasgen/internal/spec"
)

func buildSpec(t *testing.T, path string, opts Options) *ir.Package {
	t.Helper()
	s, err := spec.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Package(s, opts)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// fieldDecl returns the declaration the field json of struct name holds.
func fieldDecl(t *testing.T, p *ir.Package, name, json string) ir.Decl {
	t.Helper()
	for _, d := range p.Decls {
		if st, ok := d.(*ir.Struct); ok && st.GoName == name {
			for _, f := range st.Fields {
				if f.JSONName == json {
					if r, ok := f.Type.(*ir.Ref); ok {
						return r.Decl
					}
					t.Fatalf("%s.%s is a %T, not a declaration", name, json, f.Type)
				}
			}
		}
	}
	t.Fatalf("no field %s.%s", name, json)
	return nil
}

// TestShareCopies checks which inline schemas of testdata/sharedtypes are
// declared once and which keep their own types.
func TestShareCopies(t *testing.T) {
	p := buildSpec(t, "../../testdata/sharedtypes/openapi.yaml", Options{})
	same := func(json string) {
		t.Helper()
		a, b := fieldDecl(t, p, "GetIssueOK", json), fieldDecl(t, p, "GetPullRequestOK", json)
		if a != b {
			t.Errorf("%s: GetIssueOK's is %s, GetPullRequestOK's %s; want one type", json, a.Name(), b.Name())
		}
	}
	apart := func(json, other string) {
		t.Helper()
		if a, b := fieldDecl(t, p, "GetIssueOK", json), fieldDecl(t, p, "GetPullRequestOK", other); a == b {
			t.Errorf("%s and %s share %s; want a type each", json, other, a.Name())
		}
	}
	same("assignee")
	apart("milestone", "milestone") // a description differs
	apart("due", "due")             // a maxLength differs
	apart("holder", "keeper")       // Left and Right stay apart
	if d := fieldDecl(t, p, "GetIssueOK", "assignee"); d.Name() != "Assignee" || d.(*ir.Struct).Copies != 1 {
		t.Errorf("the assignee is %s with %d copies; want Assignee with 1", d.Name(), d.(*ir.Struct).Copies)
	}
	for _, d := range p.Decls {
		if st, ok := d.(*ir.Struct); ok && st.GoName == "Assignee" {
			item := st.Fields[1].Type.(*ir.Array).Elem.(*ir.Ref).Decl.(*ir.Struct)
			if item.GoName != "AssigneeLabelsItem" || item.Copies != 1 {
				t.Errorf("a label is %s with %d copies; want AssigneeLabelsItem with 1", item.GoName, item.Copies)
			}
		}
	}
	if d := fieldDecl(t, p, "GetPullRequestOK", "reviewer"); d.Name() != "User" {
		t.Errorf("the reviewer is %s; want the component User", d.Name())
	}
	if a, b := fieldDecl(t, p, "GetIssueOKHolder", "side"), fieldDecl(t, p, "GetPullRequestOKKeeper", "side"); a.Name() != "Left" || b.Name() != "Right" {
		t.Errorf("holder's side is %s and keeper's %s; want Left and Right", a.Name(), b.Name())
	}
	var state *ir.Enum
	for _, o := range p.Operations {
		for _, prm := range o.Params {
			if prm.Name != "state" {
				continue
			}
			e := prm.Type.(*ir.Ref).Decl.(*ir.Enum)
			if state != nil && e != state {
				t.Errorf("%s's state is %s, another's %s; want one type", o.ID, e.GoName, state.GoName)
			}
			state = e
		}
	}
	if state == nil || state.GoName != "State" || state.Values[0].GoName != "StateOpen" {
		t.Errorf("the state enum is %+v; want State with StateOpen", state)
	}
	kept := buildSpec(t, "../../testdata/sharedtypes/openapi.yaml", Options{KeepCopies: true})
	if got, want := len(p.Decls), len(kept.Decls)-4; got != want {
		t.Errorf("%d declarations shared, %d kept; want 4 fewer (assignee, its labels, reviewer, state)", got, len(kept.Decls))
	}
}

// TestSharedLeavesNoCopy builds every golden case with copies shared and
// kept, and wants every reference to lead to a declaration of the
// package, each copy counted, and the same operations.
func TestSharedLeavesNoCopy(t *testing.T) {
	specs, err := filepath.Glob("../../testdata/*/openapi.*")
	if err != nil {
		t.Fatal(err)
	}
	shared := 0
	for _, path := range specs {
		s, err := spec.Load(path)
		if err != nil {
			continue // an error case
		}
		p, err := Package(s, Options{})
		if err != nil {
			continue
		}
		all := buildSpec(t, path, Options{KeepCopies: true})
		copies := 0
		in := map[ir.Decl]bool{}
		for _, d := range p.Decls {
			in[d] = true
			copies += ir.CommonOf(d).Copies
		}
		if len(p.Decls)+copies != len(all.Decls) {
			t.Errorf("%s: %d declarations and %d copies, %d declarations when kept", path, len(p.Decls), copies, len(all.Decls))
		}
		if len(p.Operations) != len(all.Operations) {
			t.Errorf("%s: %d operations, %d when kept", path, len(p.Operations), len(all.Operations))
		}
		shared += copies
		// Every declaration a reference, a default or a diagnostic
		// reaches is one of the package's.
		seen := map[uintptr]bool{}
		var walk func(v reflect.Value)
		walk = func(v reflect.Value) {
			switch v.Kind() {
			case reflect.Pointer:
				if v.IsNil() || seen[v.Pointer()] {
					return
				}
				seen[v.Pointer()] = true
				if declTypes[v.Type()] && !in[v.Interface().(ir.Decl)] {
					t.Errorf("%s: %s is reached but not declared", path, v.Interface().(ir.Decl).Name())
					return
				}
				walk(v.Elem())
			case reflect.Interface:
				if !v.IsNil() {
					walk(v.Elem())
				}
			case reflect.Struct:
				for i := range v.NumField() {
					walk(v.Field(i))
				}
			case reflect.Slice:
				for i := range v.Len() {
					walk(v.Index(i))
				}
			}
		}
		walk(reflect.ValueOf(p))
	}
	t.Logf("%d copies shared in %d cases", shared, len(specs))
	if shared < 5 {
		t.Errorf("%d copies shared in all the golden cases; want testdata/sharedtypes' and more", shared)
	}
}

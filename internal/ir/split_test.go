package ir

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// chain builds n structs, each with a field of the next one's type and of
// its own (through a pointer), and two more in a cycle with one another.
func splitFixture(n int) *Package {
	p := &Package{}
	structs := make([]*Struct, n)
	for i := range structs {
		structs[i] = &Struct{Common: Common{GoName: fmt.Sprintf("S%d", i)}}
		p.Decls = append(p.Decls, structs[i])
	}
	for i, s := range structs {
		s.Fields = append(s.Fields, &Field{GoName: "Self", Type: &Ref{Decl: s}, Ptr: true})
		if i+1 < n {
			s.Fields = append(s.Fields, &Field{GoName: "Next", Type: &Array{Elem: &Ref{Decl: structs[i+1]}}})
		}
	}
	a := &Struct{Common: Common{GoName: "A"}}
	b := &Struct{Common: Common{GoName: "B"}}
	a.Fields = []*Field{{GoName: "B", Type: &Nullable{Elem: &Ref{Decl: b}}}}
	b.Fields = []*Field{{GoName: "A", Type: &Map{Elem: &Ref{Decl: a}}}}
	e := &Enum{Common: Common{GoName: "E"}, Values: []*EnumValue{{GoName: "EOne", Str: "one"}}}
	u := &Union{Common: Common{GoName: "U"}, Variants: []*Variant{{GoName: "A", Type: &Ref{Decl: a}}, {GoName: "E", Type: &Ref{Decl: e}}}}
	p.Decls = append(p.Decls, a, b, e, u)
	return p
}

func TestSplit(t *testing.T) {
	p := splitFixture(40)
	groups := p.Split(4, false)
	if len(groups) != 4 {
		t.Fatalf("%d groups, want 4", len(groups))
	}
	group := map[Decl]int{}
	order := map[Decl]int{}
	for i, d := range p.Decls {
		order[d] = i
	}
	for g, ds := range groups {
		for i, d := range ds {
			if _, dup := group[d]; dup {
				t.Errorf("%s is in two groups", d.Name())
			}
			group[d] = g
			if i > 0 && order[ds[i-1]] > order[d] {
				t.Errorf("group %d: %s before %s, against the spec's order", g, ds[i-1].Name(), d.Name())
			}
		}
	}
	if len(group) != len(p.Decls) {
		t.Errorf("the groups hold %d declarations of %d", len(group), len(p.Decls))
	}
	// A group refers only to itself and to groups before it: the
	// packages import no cycle, and a cycle of types shares one.
	for d, g := range group {
		refs(d, func(to Decl) {
			if group[to] > g {
				t.Errorf("%s (group %d) refers to %s (group %d)", d.Name(), g, to.Name(), group[to])
			}
		})
	}
	if group[p.Decls[40]] != group[p.Decls[41]] {
		t.Error("A and B, a reference cycle, are in different groups")
	}
	// About the same size each: 44 declarations of nearly the same size.
	for g, ds := range groups {
		if len(ds) < 6 || len(ds) > 16 {
			t.Errorf("group %d has %d declarations, want about 11", g, len(ds))
		}
	}

	if got := p.Split(1, false); len(got) != 1 || len(got[0]) != len(p.Decls) {
		t.Errorf("Split(1) = %d groups", len(got))
	}
}

// TestSplitDeepChain: a chain of references deeper than Go's default
// recursion would like is walked without recursion.
func TestSplitDeepChain(t *testing.T) {
	p := splitFixture(200_000)
	groups := p.Split(8, false)
	if len(groups) != 8 {
		t.Fatalf("%d groups, want 8", len(groups))
	}
	// The chain's last struct refers to nothing: it is in the first
	// group, and its first struct, which reaches all, in the last.
	in := func(ds []Decl, name string) bool {
		for _, d := range ds {
			if d.Name() == name {
				return true
			}
		}
		return false
	}
	if !in(groups[0], "S199999") || !in(groups[7], "S0") {
		t.Errorf("the chain's end is not first or its start not last")
	}
}

// TestSplitSideBySide: the types of one depth are split into packages
// that do not import each other, so they compile in parallel; the type
// referring to them all comes after them, in a package of its own.
func TestSplitSideBySide(t *testing.T) {
	p := &Package{}
	top := &Struct{Common: Common{GoName: "Top"}}
	for i := range 40 {
		leaf := &Struct{Common: Common{GoName: fmt.Sprintf("Leaf%d", i)}, Fields: []*Field{{GoName: "ID", Type: &Prim{Kind: String}}}}
		p.Decls = append(p.Decls, leaf)
		top.Fields = append(top.Fields, &Field{GoName: leaf.GoName, Type: &Ref{Decl: leaf}})
	}
	p.Decls = append(p.Decls, top)
	groups := p.Split(4, false)
	if len(groups) < 3 {
		t.Fatalf("%d groups, want the leaves in at least two and Top in one", len(groups))
	}
	last := groups[len(groups)-1]
	if len(last) != 1 || last[0] != top {
		t.Errorf("the last group is %d declarations, want Top alone", len(last))
	}
	for g, ds := range groups[:len(groups)-1] {
		if len(ds) < 5 {
			t.Errorf("group %d has %d leaves: the leaves are not shared out", g, len(ds))
		}
		for _, d := range ds {
			if d == top {
				t.Errorf("Top is in group %d with leaves", g)
			}
		}
	}
}

// TestSplitTwoWide: a heavy depth of independent types under a light
// chain of deeper ones (Kubernetes' shape) split into four packages
// compiles in two steps, not four: the heavy depth's packages side by
// side, then the chain's; every package is used.
func TestSplitTwoWide(t *testing.T) {
	p := &Package{}
	var leaves []*Field
	for i := range 40 {
		leaf := &Struct{Common: Common{GoName: fmt.Sprintf("Leaf%d", i)}, Fields: []*Field{{GoName: "ID", Type: &Prim{Kind: String}}}}
		p.Decls = append(p.Decls, leaf)
		leaves = append(leaves, &Field{GoName: leaf.GoName, Type: &Ref{Decl: leaf}})
	}
	var next *Struct
	for i := 19; i >= 0; i-- {
		c := &Struct{Common: Common{GoName: fmt.Sprintf("C%d", i)}}
		if next != nil {
			c.Fields = []*Field{{GoName: "Next", Type: &Ref{Decl: next}}}
		} else {
			c.Fields = leaves
		}
		p.Decls = append(p.Decls, c)
		next = c
	}
	groups := p.Split(4, false)
	if len(groups) != 4 {
		t.Fatalf("%d groups, want 4", len(groups))
	}
	if steps := compileSteps(groups); slices.Max(steps) > 2 {
		t.Errorf("the packages compile in %d steps (%v), want 2", slices.Max(steps), steps)
	}
}

// compileSteps returns, for each group, the longest chain of groups
// ending at it (groups refer only to earlier ones): how many compiles
// one after another it waits for.
func compileSteps(groups [][]Decl) []int {
	group := map[Decl]int{}
	for g, ds := range groups {
		for _, d := range ds {
			group[d] = g
		}
	}
	steps := make([]int, len(groups))
	for g, ds := range groups {
		steps[g] = 1
		for _, d := range ds {
			refs(d, func(to Decl) {
				if h := group[to]; h != g {
					steps[g] = max(steps[g], steps[h]+1)
				}
			})
		}
	}
	return steps
}

// TestSplitIslands: two chains of types that do not refer to each other
// (Kubernetes' API groups) above a heavy depth of leaves make a band of
// many depths that is cut between the chains, not left one package: four
// packages compile in two steps, two side by side in each, and neither
// chain is cut.
func TestSplitIslands(t *testing.T) {
	p := islandsFixture()
	groups := p.Split(4, false)
	if len(groups) != 4 {
		t.Fatalf("%d groups, want 4", len(groups))
	}
	if steps := compileSteps(groups); slices.Max(steps) != 2 {
		t.Errorf("the packages compile in %d steps (%v), want 2", slices.Max(steps), steps)
	}
	// The chains' deep ends (A0-A9, B0-B9) share a band: the groups cut
	// it between the chains.
	for g, ds := range groups {
		chains := map[string]bool{}
		for _, d := range ds {
			if name, deep := islandChain(d); deep {
				chains[name] = true
			}
		}
		if len(chains) > 1 {
			t.Errorf("group %d holds the deep ends of both chains: their band was not cut between them", g)
		}
	}
}

// TestSplitPairs: asked for two packages, the leaves and the chains of
// islandsFixture are a band each, one package each, compiling one after
// the other with a CPU idle; with pairs each band gets a second package,
// and the four compile two at a time.
func TestSplitPairs(t *testing.T) {
	p := islandsFixture()
	if groups := p.Split(2, false); len(groups) != 2 {
		t.Fatalf("without pairs, %d groups, want 2", len(groups))
	}
	groups := p.Split(2, true)
	if len(groups) != 4 {
		t.Fatalf("with pairs, %d groups, want 4", len(groups))
	}
	if steps := compileSteps(groups); slices.Max(steps) != 2 {
		t.Errorf("the packages compile in %d steps (%v), want 2", slices.Max(steps), steps)
	}
}

// islandsFixture is forty leaves, and two chains of fifteen structs that
// refer to leaves and to the next struct of their chain only.
func islandsFixture() *Package {
	p := &Package{}
	var leaves []*Field
	for i := range 40 {
		leaf := &Struct{Common: Common{GoName: fmt.Sprintf("Leaf%d", i)}, Fields: []*Field{{GoName: "ID", Type: &Prim{Kind: String}}}}
		p.Decls = append(p.Decls, leaf)
		leaves = append(leaves, &Field{GoName: leaf.GoName, Type: &Ref{Decl: leaf}})
	}
	for _, name := range []string{"A", "B"} {
		var next *Struct
		for i := 14; i >= 0; i-- {
			c := &Struct{Common: Common{GoName: fmt.Sprintf("%s%d", name, i)}, Fields: slices.Clone(leaves[i : i+4])}
			if i == 0 {
				c.Fields = slices.Clone(leaves) // every leaf is referred to
			}
			if next != nil {
				c.Fields = append(c.Fields, &Field{GoName: "Next", Type: &Ref{Decl: next}})
			}
			p.Decls = append(p.Decls, c)
			next = c
		}
	}
	return p
}

// islandChain returns the chain of islandsFixture that d is in, when d is
// one of its ten deepest structs.
func islandChain(d Decl) (string, bool) {
	name := d.Name()
	if strings.HasPrefix(name, "Leaf") || len(name) > 2 {
		return "", false
	}
	return name[:1], true
}

// TestRecursive: the structs that refer to themselves, and A and B, a
// cycle, are recursive; E and U, which refer to A but are not referred
// back to, are not.
func TestRecursive(t *testing.T) {
	p := splitFixture(3)
	rec := p.Recursive()
	for _, d := range p.Decls {
		want := d.Name() != "E" && d.Name() != "U"
		if rec[d] != want {
			t.Errorf("%s: recursive %v, want %v", d.Name(), rec[d], want)
		}
	}
	// Without its Self field, S2 (the last, referring to nothing else)
	// is not.
	s2 := p.Decls[2].(*Struct)
	s2.Fields = nil
	if p.Recursive()[s2] {
		t.Error("S2 without Self is recursive")
	}
}

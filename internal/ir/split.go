package ir

import (
	"slices"
	"sort"
)

// Split divides the declarations into at most n groups, for packages of
// their own: the compiler holds one package in memory at a time, about
// 11 KB per generated line, and compiles packages that do not import each
// other in parallel. The declarations of one reference cycle share a
// group, and a group refers only to itself and to groups before it, so
// the packages import no cycle.
//
// Declarations are placed by depth: a declaration referring to none is at
// depth 0, one referring to depth-0 declarations only at 1, and so on.
// Declarations of one depth do not refer to each other, so a band of one
// depth can be split into packages that compile side by side. Consecutive
// depths are merged into bands of about two shares each, and the bands
// take the packages left, so a build on two CPUs compiles two packages at
// a time along the chain. A band of several depths is cut only between
// its islands: the sets of its declarations that refer to one another,
// directly or not, within the band (Kubernetes' API groups, GitHub's
// webhook events). When the depths do not allow that (a chain of types,
// one per depth), every band is one package of about a share. Sizes are
// estimates of the code's lines (size).
//
// With pairs, n is the number of packages that bounds the compiler's
// memory rather than a most: a band left one package gets a second when
// it can be cut, so that none compiles with a CPU idle (generate's split
// by size: Kubernetes' four packages become six, and its build takes
// 0.96x the time, bench/results/sizes-noflags.md).
func (p *Package) Split(n int, pairs bool) [][]Decl {
	if n <= 1 || len(p.Decls) <= 1 {
		return [][]Decl{p.Decls}
	}
	edges, _ := p.refGraph()
	comps := components(edges)

	// Tarjan's algorithm finds a component after every component it
	// refers to, so one pass gives the depths.
	comp := make([]int, len(p.Decls))
	for c, members := range comps {
		for _, i := range members {
			comp[i] = c
		}
	}
	depth := make([]int, len(comps))
	weight := make([]int, len(comps))
	total, deepest := 0, 0
	for c, members := range comps {
		for _, i := range members {
			for _, j := range edges[i] {
				if comp[j] != c {
					depth[c] = max(depth[c], depth[comp[j]]+1)
				}
			}
			weight[c] += size(p.Decls[i])
		}
		total += weight[c]
		deepest = max(deepest, depth[c])
	}
	// The components of each depth, in the spec's order.
	byDepth := make([][]int, deepest+1)
	levelWeight := make([]int, deepest+1)
	order := make([]int, len(comps))
	for c := range order {
		order[c] = c
	}
	sort.SliceStable(order, func(a, b int) bool { return comps[order[a]][0] < comps[order[b]][0] })
	for _, c := range order {
		byDepth[depth[c]] = append(byDepth[depth[c]], c)
		levelWeight[depth[c]] += weight[c]
	}

	// islands returns the components of the depths from to to in groups
	// that refer to no other group, each in the spec's order and the
	// groups in the order of their first members. Components of one depth
	// refer to none of their depth, so there each is an island.
	islands := func(from, to int) [][]int {
		var in []int
		for d := from; d <= to; d++ {
			in = append(in, byDepth[d]...)
		}
		parent := make(map[int]int, len(in)) // union-find over the band's components
		for _, c := range in {
			parent[c] = c
		}
		find := func(c int) int {
			for parent[c] != c {
				parent[c] = parent[parent[c]]
				c = parent[c]
			}
			return c
		}
		for _, c := range in {
			for _, i := range comps[c] {
				for _, j := range edges[i] {
					if o := comp[j]; o != c {
						if _, inBand := parent[o]; inBand {
							parent[find(o)] = find(c)
						}
					}
				}
			}
		}
		slices.SortStableFunc(in, func(a, b int) int { return comps[a][0] - comps[b][0] })
		var groups [][]int
		at := map[int]int{}
		for _, c := range in {
			r := find(c)
			g, ok := at[r]
			if !ok {
				g = len(groups)
				at[r] = g
				groups = append(groups, nil)
			}
			groups[g] = append(groups[g], c)
		}
		return groups
	}
	islandsOf := map[[2]int][][]int{}
	bandIslands := func(from, to int) [][]int {
		k := [2]int{from, to}
		g, ok := islandsOf[k]
		if !ok {
			g = islands(from, to)
			islandsOf[k] = g
		}
		return g
	}
	// cut fills parts packages with the islands of the depths from to to
	// (weighing w), in their order, each up to an equal share of what is
	// left, so the last is not left with a remainder. It returns the
	// packages' declarations and the weights of the largest and the
	// smallest.
	cut := func(from, to, w, parts int) (groups [][]int, largest, smallest int) {
		var cur []int
		filled, left := 0, w
		smallest = w
		flush := func() {
			groups = append(groups, cur)
			largest, smallest = max(largest, filled), min(smallest, filled)
			cur, left, filled = nil, left-filled, 0
		}
		for _, island := range bandIslands(from, to) {
			for _, c := range island {
				cur = append(cur, comps[c]...)
				filled += weight[c]
			}
			if parts > 1 && filled >= left/parts {
				flush()
				parts--
			}
		}
		if len(cur) > 0 {
			flush()
		}
		return groups, largest, smallest
	}

	// Bands of consecutive depths, from the deepest up: a depth joins the
	// band below it while the band stays within bandShare. A band may
	// become several packages (parts) that compile side by side, up to
	// one per island.
	type band struct{ from, to, weight, parts int }
	share := max(total/n, 1)
	// steps is about how long band b's packages take to compile on two
	// CPUs (go build compiles a package per CPU) when it is cut into
	// parts, in weight: ceil(parts/2) times the largest part's. ok is
	// false when it cannot be cut so (more parts than islands, or one
	// under a quarter of a share).
	steps := func(b band, parts int) (t, largest, smallest int, ok bool) {
		if parts > len(bandIslands(b.from, b.to)) {
			return 0, 0, 0, false
		}
		_, largest, smallest = cut(b.from, b.to, b.weight, parts)
		return (parts + 1) / 2 * largest, largest, smallest, parts == 1 || smallest >= share/4
	}
	banded := func(bandShare, slack int) (bands []band, used int) {
		for d := deepest; d >= 0; d-- { // deepest first
			// A light depth (under slack) may take the band up to slack
			// over, rather than be a step of its own.
			w := levelWeight[d]
			if k := len(bands) - 1; k >= 0 && (bands[k].weight+w <= bandShare || w < slack && bands[k].weight+w <= bandShare+slack) {
				bands[k].from = d
				bands[k].weight += levelWeight[d]
				continue
			}
			bands = append(bands, band{from: d, to: d, weight: levelWeight[d], parts: 1})
		}
		slices.Reverse(bands)
		// More bands than packages: merge the lightest neighbours.
		for len(bands) > n {
			best := 0
			for i := 1; i+1 < len(bands); i++ {
				if bands[i].weight+bands[i+1].weight < bands[best].weight+bands[best+1].weight {
					best = i
				}
			}
			bands[best].to = bands[best+1].to
			bands[best].weight += bands[best+1].weight
			bands = slices.Delete(bands, best+1, best+2)
		}
		// The packages left go where they shorten the build most (steps):
		// a band of one package gains most from a second, and one of an
		// even number gains nothing from one more. When no package
		// shortens it, the rest go to the bands whose largest package is
		// the largest, none under half a share: packages bound the
		// compiler's memory too.
		for used = len(bands); used < n; {
			best, add, gain := -1, 0, 0 // gain per package added
			for i, b := range bands {
				t, _, _, _ := steps(b, b.parts)
				for k := 1; k <= 2 && used+k <= n; k++ {
					if tk, _, _, ok := steps(b, b.parts+k); ok && (t-tk)/k > gain {
						best, add, gain = i, k, (t-tk)/k
					}
				}
			}
			if best < 0 {
				bestLargest := 0
				for i, b := range bands {
					_, l, _, _ := steps(b, b.parts)
					if _, lk, small, ok := steps(b, b.parts+1); ok && lk < l && small >= share/2 && l > bestLargest {
						best, add, bestLargest = i, 1, l
					}
				}
			}
			if best < 0 {
				break
			}
			bands[best].parts += add
			used += add
		}
		// With pairs, a band that is one package gets a second beyond n
		// when its islands allow it: it would compile with one CPU idle.
		for i, b := range bands {
			if !pairs || b.parts != 1 {
				continue
			}
			if _, _, _, ok := steps(b, 2); ok {
				bands[i].parts++
			}
		}
		return bands, used
	}
	// Half the packages make the chain of bands and half go side by side,
	// so that each step of the chain keeps two CPUs busy: go build runs a
	// compile per CPU, and much of one package's compile is serial
	// (Kubernetes' split build, bench/results/sizes.md). When the depths cannot be
	// split so, the chain has a band per share: every package asked for is
	// used, since packages are split to bound the compiler's memory too.
	// A depth under a quarter of a share may make a band of two shares a
	// quarter larger.
	bands, used := banded(max(total/((n+1)/2), 1), share/4)
	if used < n {
		bands, _ = banded(share, 0)
	}

	var groups [][]int
	for _, b := range bands {
		g, _, _ := cut(b.from, b.to, b.weight, b.parts)
		groups = append(groups, g...)
	}
	out := make([][]Decl, len(groups))
	for g, members := range groups {
		sort.Ints(members) // the spec's order within a package
		for _, i := range members {
			out[g] = append(out[g], p.Decls[i])
		}
	}
	return out
}

// size is about how many lines a declaration's code takes: each type's
// methods (codecs, AppendJSON, MarshalJSON, encoding/json/v2's, Validate)
// and a dozen lines per property, value or variant; a union decided by
// facts reads every property of its variants itself, two dozen lines
// each (fitted to GitHub's spec, bench/results/sizes-noflags.md).
func size(d Decl) int {
	switch d := d.(type) {
	case *Struct:
		return 90 + 12*(len(d.Fields)+len(d.Patterns))
	case *Enum:
		return 70 + 2*len(d.Values)
	case *Union:
		n := 80 + 20*len(d.Variants)
		for _, v := range d.Facts {
			if r, ok := v.Type.(*Ref); ok {
				if s, ok := r.Decl.(*Struct); ok {
					n += 24 * len(s.Fields)
				}
			}
		}
		return n
	case *Tuple:
		return 60 + 12*len(d.Items)
	case *Alias:
		if d.GoAlias() {
			return 5 // no methods of its own
		}
	}
	return 50
}

// Recursive returns the declarations whose values can hold values of
// their own type, directly or through other declarations (a reference
// cycle, or a reference to itself): only their values can nest without
// bound, and only theirs can point back at themselves in Go.
func (p *Package) Recursive() map[Decl]bool {
	edges, self := p.refGraph()
	out := map[Decl]bool{}
	for _, members := range components(edges) {
		for _, i := range members {
			if len(members) > 1 || self[i] {
				out[p.Decls[i]] = true
			}
		}
	}
	return out
}

// refGraph returns the references between p's declarations by index:
// edges[i] lists the others declaration i refers to, and self[i] is set
// when it refers to itself.
func (p *Package) refGraph() (edges [][]int, self []bool) {
	index := make(map[Decl]int, len(p.Decls))
	for i, d := range p.Decls {
		index[d] = i
	}
	edges = make([][]int, len(p.Decls))
	self = make([]bool, len(p.Decls))
	for i, d := range p.Decls {
		refs(d, func(to Decl) {
			switch j, ok := index[to]; {
			case !ok:
			case j == i:
				self[i] = true
			default:
				edges[i] = append(edges[i], j)
			}
		})
	}
	return edges, self
}

// refs calls fn with every declaration d's code names: the types of its
// fields, items, variants and aliased type, and a union's base.
func refs(d Decl, fn func(Decl)) {
	typ := func(t Type) { typeRefs(t, fn) }
	switch d := d.(type) {
	case *Struct:
		for _, f := range d.Fields {
			typ(f.Type)
		}
		typ(d.Additional)
		for _, pp := range d.Patterns {
			typ(pp.Type)
		}
	case *Alias:
		typ(d.Type)
	case *Union:
		if d.Base != nil {
			fn(d.Base)
		}
		for _, v := range d.Variants {
			typ(v.Type)
		}
	case *Tuple:
		for _, f := range d.Items {
			typ(f.Type)
		}
		typ(d.Rest)
	}
}

// typeRefs calls fn with the declaration a type use names, through
// arrays, maps and nullable wrappers.
func typeRefs(t Type, fn func(Decl)) {
	switch t := t.(type) {
	case *Array:
		typeRefs(t.Elem, fn)
	case *Map:
		typeRefs(t.Elem, fn)
	case *Nullable:
		typeRefs(t.Elem, fn)
	case *Ref:
		fn(t.Decl)
	}
}

// components returns the strongly connected components of the graph
// edges describes (Tarjan's algorithm, iterative: reference chains in big
// specs are deep), each after the components it has edges to.
func components(edges [][]int) [][]int {
	const unseen = -1
	index := make([]int, len(edges))
	low := make([]int, len(edges))
	onStack := make([]bool, len(edges))
	for i := range index {
		index[i] = unseen
	}
	var (
		stack []int
		comps [][]int
		next  int
	)
	type frame struct{ v, e int }
	for root := range edges {
		if index[root] != unseen {
			continue
		}
		call := []frame{{root, 0}}
		index[root], low[root] = next, next
		next++
		stack = append(stack, root)
		onStack[root] = true
		for len(call) > 0 {
			top := &call[len(call)-1]
			v := top.v
			if top.e < len(edges[v]) {
				w := edges[v][top.e]
				top.e++
				switch {
				case index[w] == unseen:
					index[w], low[w] = next, next
					next++
					stack = append(stack, w)
					onStack[w] = true
					call = append(call, frame{w, 0})
				case onStack[w]:
					low[v] = min(low[v], index[w])
				}
				continue
			}
			call = call[:len(call)-1]
			if len(call) > 0 {
				u := call[len(call)-1].v
				low[u] = min(low[u], low[v])
			}
			if low[v] == index[v] {
				var comp []int
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					comp = append(comp, w)
					if w == v {
						break
					}
				}
				comps = append(comps, comp)
			}
		}
	}
	return comps
}

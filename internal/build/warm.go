package build

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/pb33f/libopenapi/datamodel/high/base"
	v3 "github.com/pb33f/libopenapi/datamodel/high/v3"
	"github.com/pb33f/libopenapi/orderedmap"
)

// libopenapi builds a schema's model the first time it is asked for
// (SchemaProxy.Schema), and build asks on one goroutine: on the biggest
// specs that is about half of build's time. A warmer builds the models of the
// operations' schemas ahead of build, on the other CPUs, while build
// declares the components: build then finds them built. What build sees is
// the same either way (a model is built once, under the proxy's lock, from
// the same nodes), so the output does not depend on who built it first.

// warmFrom is the number of path items from which a spec is worth warming:
// below it the goroutines cost more than they save. Tests set warmAlways
// to warm every spec, on one goroutine even when there is one CPU.
const warmFrom = 200

var warmAlways bool

// warmer builds schema models in the background until stopped.
type warmer struct {
	items []*v3.PathItem
	next  atomic.Int64 // the index of the next path item to take
	stop  atomic.Bool
	wg    sync.WaitGroup
}

// startWarming starts warming the operations' schemas of doc on all but one
// CPU, or returns nil when there is no CPU to spare or too little to warm.
func startWarming(doc *v3.Document) *warmer {
	if doc == nil || doc.Paths == nil || doc.Paths.PathItems == nil {
		return nil
	}
	workers := runtime.GOMAXPROCS(0) - 1
	if warmAlways {
		workers = max(workers, 1)
	} else if workers < 1 || doc.Paths.PathItems.Len() < warmFrom {
		return nil
	}
	w := &warmer{}
	for _, pi := range doc.Paths.PathItems.FromOldest() {
		w.items = append(w.items, pi)
	}
	for range workers {
		w.wg.Go(w.run)
	}
	return w
}

// wait stops w and returns once no worker touches the model any more.
func (w *warmer) wait() {
	if w == nil {
		return
	}
	w.stop.Store(true)
	w.wg.Wait()
}

func (w *warmer) run() {
	for !w.stop.Load() {
		i := int(w.next.Add(1)) - 1
		if i >= len(w.items) {
			return
		}
		w.pathItem(w.items[i])
	}
}

func (w *warmer) pathItem(pi *v3.PathItem) {
	w.params(pi.Parameters)
	for _, mo := range opsOf(pi) {
		op := mo.op
		if op == nil {
			continue
		}
		w.params(op.Parameters)
		if op.RequestBody != nil {
			w.content(op.RequestBody.Content)
		}
		if op.Responses != nil {
			if op.Responses.Default != nil {
				w.response(op.Responses.Default)
			}
			if op.Responses.Codes != nil {
				for _, r := range op.Responses.Codes.FromOldest() {
					w.response(r)
				}
			}
		}
	}
}

func (w *warmer) params(ps []*v3.Parameter) {
	for _, p := range ps {
		if p != nil {
			w.schema(p.Schema, 0)
			w.content(p.Content)
		}
	}
}

func (w *warmer) response(r *v3.Response) {
	if r == nil {
		return
	}
	w.content(r.Content)
	if r.Headers != nil {
		for _, h := range r.Headers.FromOldest() {
			if h != nil {
				w.schema(h.Schema, 0)
			}
		}
	}
}

func (w *warmer) content(c *orderedmap.Map[string, *v3.MediaType]) {
	if c == nil {
		return
	}
	for _, mt := range c.FromOldest() {
		if mt != nil {
			w.schema(mt.Schema, 0)
			w.schema(mt.ItemSchema, 0)
		}
	}
}

// warmDepth bounds how deep the warmer goes into a schema: YAML aliases
// can make an inline schema hold itself, and build finds its own way
// through what is left.
const warmDepth = 32

// schema builds sp's model and, unless sp is a $ref (its target is a
// component, declared by build first), its subschemas', depth levels in.
func (w *warmer) schema(sp *base.SchemaProxy, depth int) {
	if sp == nil || depth > warmDepth || w.stop.Load() {
		return
	}
	depth++
	s := sp.Schema()
	if s == nil || sp.IsReference() {
		return
	}
	for _, l := range [][]*base.SchemaProxy{s.AllOf, s.OneOf, s.AnyOf, s.PrefixItems} {
		for _, c := range l {
			w.schema(c, depth)
		}
	}
	for _, c := range []*base.SchemaProxy{s.Contains, s.If, s.Then, s.Else, s.PropertyNames, s.UnevaluatedItems, s.ContentSchema, s.Not} {
		w.schema(c, depth)
	}
	for _, m := range []*orderedmap.Map[string, *base.SchemaProxy]{s.Properties, s.PatternProperties, s.DependentSchemas} {
		if m != nil {
			for _, c := range m.FromOldest() {
				w.schema(c, depth)
			}
		}
	}
	for _, d := range []*base.DynamicValue[*base.SchemaProxy, bool]{s.Items, s.AdditionalProperties, s.UnevaluatedProperties} {
		if d != nil && d.IsA() {
			w.schema(d.A, depth)
		}
	}
}

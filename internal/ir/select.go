package ir

import "slices"

// Select keeps the operations keep accepts, in their order, and then only
// what they need: the declarations their parameters, bodies and responses
// reach (through fields, items, variants and aliases) and the security
// schemes their requirements name. Declarations nothing reaches are
// dropped even when they are components: a selection asks for the code of
// its operations, not the whole spec. Names were given before, so a
// selection renames nothing.
func (p *Package) Select(keep func(*Operation) bool) {
	built := map[*Operation]bool{}
	for _, list := range [][]*Operation{p.Operations, p.Webhooks, p.Callbacks} {
		for _, o := range list {
			built[o] = true
		}
	}
	ops := p.Operations[:0:0]
	for _, o := range p.Operations {
		if keep(o) {
			ops = append(ops, o)
		}
	}
	p.Operations = ops
	hooks := p.Webhooks[:0:0]
	for _, o := range p.Webhooks {
		if keep(o) {
			hooks = append(hooks, o)
		}
	}
	p.Webhooks = hooks
	keptOps := map[*Operation]bool{}
	for _, o := range ops {
		keptOps[o] = true
	}
	cbs := p.Callbacks[:0:0]
	for _, o := range p.Callbacks {
		if keptOps[o.Callback.Of] {
			cbs = append(cbs, o)
		}
	}
	p.Callbacks = cbs
	hooks = append(hooks[:len(hooks):len(hooks)], cbs...)

	r := reach{seen: map[Decl]bool{}}
	schemes := map[*SecurityScheme]bool{}
	for _, o := range append(ops[:len(ops):len(ops)], hooks...) {
		for _, prm := range o.Params {
			r.typ(prm.Type)
		}
		if o.Body != nil {
			for _, m := range o.Body.Content {
				r.typ(m.Type)
				r.typ(m.Item)
			}
		}
		for _, res := range o.Response {
			for _, h := range res.Headers {
				r.typ(h.Type)
			}
			for _, m := range res.Content {
				r.typ(m.Type)
				r.typ(m.Item)
			}
		}
		for _, req := range o.Security {
			for _, u := range req.Schemes {
				schemes[u.Scheme] = true
			}
		}
	}
	decls := p.Decls[:0:0]
	for _, d := range p.Decls {
		if r.seen[d] {
			decls = append(decls, d)
		}
	}
	p.Decls = decls
	kept := p.SecuritySchemes[:0:0]
	for _, s := range p.SecuritySchemes {
		if schemes[s] {
			kept = append(kept, s)
		}
	}
	p.SecuritySchemes = kept

	// Warnings about what the selection left out go with it; those about
	// the document, and about operations never generated, stay.
	diags := p.Diagnostics[:0:0]
	for _, d := range p.Diagnostics {
		switch of := d.Of.(type) {
		case *Operation:
			if built[of] && !keptOps[of] && !slices.Contains(hooks, of) {
				continue
			}
		case Decl:
			if !r.seen[of] {
				continue
			}
		case *SecurityScheme:
			if !schemes[of] {
				continue
			}
		}
		diags = append(diags, d)
	}
	p.Diagnostics = diags
}

// reach collects the declarations type uses lead to.
type reach struct{ seen map[Decl]bool }

func (r reach) typ(t Type) { typeRefs(t, r.decl) }

func (r reach) decl(d Decl) {
	if d == nil || r.seen[d] {
		return
	}
	r.seen[d] = true
	refs(d, r.decl)
}

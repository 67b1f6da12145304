package build

import (
	"slices"

	"github.com/oasgen/oasgen/internal/ir"

	"github.com/oasgen/oasgen/internal/spec"
)

// subtypeUnions handles a discriminator declared on an object schema that
// other components extend with allOf (OpenAPI's inheritance: Pet has
// discriminator petType, Cat and Dog are allOf [Pet, ...]). Where Pet is
// referenced, a value may be any of them, named by its petType: Pet becomes
// a union of its descendants and itself, told apart by the tag (the
// explicit mapping, then each schema's name), and Pet's own struct is
// renamed PetBase. The descendants' allOf merges Pet's schema, not its
// type, so they are unaffected.
func (b *builder) subtypeUnions(schemas *spec.Map[*spec.SchemaProxy], byPointer map[string]ir.Decl) {
	const prefix = "#/components/schemas/"
	// children lists, per component name, the components whose allOf
	// names it directly.
	children := map[string][]string{}
	var names []string
	for name, sp := range schemas.FromOldest() {
		names = append(names, name)
		if sp.IsReference() {
			continue
		}
		sch, err := sp.BuildSchema()
		if err != nil || sch == nil {
			continue
		}
		for _, m := range sch.AllOf {
			if ref := m.GetReference(); len(ref) > len(prefix) && ref[:len(prefix)] == prefix {
				parent := ref[len(prefix):]
				if !slices.Contains(children[parent], name) && parent != name {
					children[parent] = append(children[parent], name)
				}
			}
		}
	}
	for _, name := range names {
		sp := schemas.GetOrZero(name)
		if sp == nil || sp.IsReference() || len(children[name]) == 0 {
			continue
		}
		sch, err := sp.BuildSchema()
		if err != nil || sch == nil || sch.Discriminator == nil || sch.Discriminator.PropertyName == "" {
			continue
		}
		st, ok := byPointer[prefix+name].(*ir.Struct)
		if !ok {
			continue // a oneOf with a discriminator is a union already
		}
		// Every descendant, in spec order, each once.
		var desc []string
		for queue := []string{name}; len(queue) > 0; queue = queue[1:] {
			for _, c := range children[queue[0]] {
				if c != name && !slices.Contains(desc, c) {
					desc = append(desc, c)
					queue = append(queue, c)
				}
			}
		}
		// The descendants that are objects (one that is only an allOf
		// of the parent is the parent's type under another name).
		var subs []ir.Decl
		var subNames []string
		for _, c := range desc {
			if d, ok := byPointer[prefix+c].(*ir.Struct); ok {
				subs, subNames = append(subs, d), append(subNames, c)
			}
		}
		if len(subs) == 0 {
			continue // no object extends it: it stays a struct
		}
		u := &ir.Union{Common: st.Common, Base: st, TagField: "Type", Discriminator: sch.Discriminator.PropertyName}
		st.GoName = b.ns.Claim(st.GoName+"Base", "Type")
		st.Doc = ir.Doc{Title: "The properties of " + u.GoName + " itself."}
		fields := variantFields()
		add := func(d ir.Decl, schemaName string) {
			v := &ir.Variant{GoName: fields.Claim(d.Name(), "Variant"), Type: &ir.Ref{Decl: d}}
			if sch.Discriminator.Mapping != nil {
				for value, ref := range sch.Discriminator.Mapping.FromOldest() {
					if ref == prefix+schemaName || ref == schemaName {
						v.Tags = append(v.Tags, value)
					}
				}
			}
			v.Tags = append(v.Tags, schemaName) // the implicit mapping
			u.Variants = append(u.Variants, v)
		}
		for i, d := range subs {
			add(d, subNames[i])
		}
		add(st, name)
		claimTags(u.Variants)
		// The union takes the parent's place: its name, its $refs, its
		// slot in the emission order.
		if n := rootNode(sch); n != nil {
			b.byNode[n] = u
		}
		byPointer[prefix+name] = u
		i := slices.Index(b.decls, ir.Decl(st))
		b.decls = slices.Insert(b.decls, i, ir.Decl(u))
		b.unions = append(b.unions, u)
	}
}

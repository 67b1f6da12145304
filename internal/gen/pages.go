package gen

import (
	"github.com/oasgen/oasgen/internal/ir"
)

// genPager prints the client method that walks every item of every page
// of op (x-oasgen-pagination, or a Link header: ir.Pagination).
func genPager(f *file, a *api, op *apiOp) {
	pg := op.Pages
	var v *variant
	for _, vr := range op.variants {
		if vr.media == pg.Media {
			v = vr
		}
	}
	if v == nil {
		return // build names a pager only for a JSON 200 response
	}
	item := f.goType(pg.Item)
	sig := "(ctx " + f.qual(ctxType)
	args := "ctx"
	if op.params != "" {
		sig += ", params " + op.params
		args += ", params"
	}
	if op.body != nil {
		sig += ", body " + f.bodyType(op.body)
		args += ", body"
	}
	sig += ", opts ..." + f.qual(oashttp("CallOption")) + ") " + f.qual(Ident{"iter", "Seq2"}) + "[" + item + ", error]"

	f.P("// ", pg.Method, " calls ", opLine(op))
	f.P("// page after page, and yields every item of every page; the next page is")
	f.P("// fetched when the iteration reaches it, and breaking out of the loop")
	f.P("// fetches no more. ", pageStyleDoc(pg))
	f.P("// An error ends the iteration: it is yielded with the zero item; a")
	if pg.Style == ir.PageLink || pg.Style == ir.PageCursor {
		f.P("// response that is not a page is a *", oashttp("PageError"), ", a next page the walk")
		f.P("// was given before a *", oashttp("LoopError"), ", one past the limit of pages")
	} else {
		f.P("// response that is not a page is a *", oashttp("PageError"), ", a page past the limit")
	}
	f.P("// (", oashttp("WithMaxPages"), ", ", oashttp("CallMaxPages"), ") a *", oashttp("PageLimitError"), ".")
	noinlineInPart(f, a)
	f.P("func (c *", a.client, ") ", pg.Method, sig, " {")
	f.P("return func(yield func(", item, ", error) bool) {")
	f.P("var zero ", item)
	f.P("walk := c.cfg.Pages(opts)")
	if pg.Style == ir.PageLink {
		f.P("next := \"\"")
	}
	f.P("for page := 1; ; page++ {")
	f.P("if err := walk.Fetch(page); err != nil {")
	f.P("yield(zero, err)")
	f.P("return")
	f.P("}")
	if pg.Style == ir.PageLink {
		f.P("var resp *", httpPkg("Response"))
		f.P("call := append(opts[:len(opts):len(opts)], ", oashttp("CallResponse"), "(&resp))")
		f.P("if next != \"\" {")
		f.P("call = append(call, ", oashttp("CallURL"), "(next))")
		f.P("}")
		f.P("res, err := c.", op.GoName, "(", args, ", call...)")
	} else {
		f.P("res, err := c.", op.GoName, "(", args, ", opts...)")
	}
	f.P("if err != nil {")
	f.P("yield(zero, err)")
	f.P("return")
	f.P("}")
	f.P("p, ok := res.(", v.name, ")")
	f.P("if !ok {")
	f.P("yield(zero, &", oashttp("PageError"), "{Page: page, Result: res})")
	f.P("return")
	f.P("}")
	items := "p." + v.bodyField
	if pg.Items != nil {
		items += "." + pg.Items.GoName
	}
	f.P("for _, it := range ", items, " {")
	f.P("if !yield(it, nil) {")
	f.P("return")
	f.P("}")
	f.P("}")
	loop := func(check string) {
		f.P("if err := ", check, "; err != nil {")
		f.P("yield(zero, err)")
		f.P("return")
		f.P("}")
	}
	switch pg.Style {
	case ir.PageLink:
		f.P("n := ", oashttpimpl("NextLink"), "(resp.Header)")
		f.P("if n == \"\" {")
		f.P("return")
		f.P("}")
		loop("walk.NextURL(page, resp, n)")
		f.P("next = n")
	case ir.PageCursor:
		x := "p." + v.bodyField + "." + pg.Next.GoName
		if w, _ := fieldShape(pg.Next); w == opt {
			f.P("n := \"\"")
			f.P("if ", x, ".Set {")
			f.P("n = string(", x, ".Value)")
			f.P("}")
		} else {
			f.P("n := string(", x, ")")
		}
		f.P("if n == \"\" {")
		f.P("return")
		f.P("}")
		cur, set := pageParam(f, pg.Param)
		loop("walk.NextCursor(page, string(" + cur + "), n)")
		set(f.goType(pg.Param.Type) + "(n)")
	default:
		f.P("if len(", items, ") == 0 {")
		f.P("return")
		f.P("}")
		cur, set := pageParam(f, pg.Param)
		t := f.goType(pg.Param.Type)
		if pg.Style == ir.PageOffset {
			set(cur + " + " + t + "(len(" + items + "))")
		} else {
			if !pg.Param.Required {
				f.P("if !params.", pg.Param.GoName, ".Set {")
				f.P("params.", pg.Param.GoName, ".Value = 1 // the first page")
				f.P("}")
			}
			set(cur + " + 1")
		}
	}
	f.P("}")
	f.P("}")
	f.P("}")
	f.P()
}

// pageParam returns the expression of the page parameter's value and a
// function printing its assignment.
func pageParam(f *file, p *ir.Param) (string, func(string)) {
	x := "params." + p.GoName
	if p.Required {
		return x, func(v string) { f.P(x, " = ", v) }
	}
	return x + ".Value", func(v string) { f.P(x, " = ", oasrt("NewOpt"), "(", v, ")") }
}

// pageStyleDoc says how the pager finds the next page.
func pageStyleDoc(pg *ir.Pagination) string {
	switch pg.Style {
	case ir.PageLink:
		return "The next page is the Link header's\n// rel=\"next\" URL (RFC 8288), on the client's server; none ends the pages."
	case ir.PageCursor:
		return "The next page's " + pg.Param.Name + "\n// is the page's " + pg.Next.JSONName + "; an empty or absent one ends the pages."
	case ir.PageOffset:
		return "The next page's " + pg.Param.Name + "\n// is this one's plus the items it held; an empty page ends the pages."
	}
	return "The next page's " + pg.Param.Name + "\n// is this one's plus 1 (the first is 1 unless set); an empty page ends\n// the pages."
}

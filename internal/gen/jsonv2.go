package gen

import "github.com/oasgen/oasgen/internal/ir"

// jsonv2Build is the build constraint of oas_jsonv2_gen.go: Go 1.27, where
// encoding/json/v2 is in the standard library and encoding/json calls its
// methods, unless GOEXPERIMENT=nojsonv2 takes it out again. Go 1.26 builds
// without the file (its v2 is an experiment whose API may differ).
const jsonv2Build = "go1.27 && goexperiment.jsonv2"

// genJSONv2 prints encoding/json/v2's methods for the named types:
// MarshalJSONTo encodes with the type's codec into a pooled Writer and
// hands the bytes to the Encoder, or for a large value of wide text writes
// it token by token (oasimpl.SizeHint.EncodeTo, given the method value
// v.EncodeJSON, which stays on the stack; one method value, not two: each
// is a wrapper function per type); UnmarshalJSONFrom reads
// the value once and decodes it with a Reader on its stack (no pool).
// json.Marshal, json.Unmarshal, json.NewEncoder and v2's functions then
// reach the codec, with its checks and errors. withTokens (-json-tokens)
// gives the objects tokensStruct accepts an EncodeTokens method
// (tokens.go), which their MarshalJSONTo hands to
// oasimpl.SizeHint.EncodeTokensTo for large values.
func genJSONv2(f *file, pkg *ir.Package, names []string, withTokens bool) {
	f.build = jsonv2Build
	enc := Ident{"encoding/json/jsontext", "Encoder"}
	dec := Ident{"encoding/json/jsontext", "Decoder"}
	if len(names) > 0 {
		f.P("// encoding/json/v2 calls these methods, and so does encoding/json, built on")
		f.P("// it since Go 1.27: its Marshal, Unmarshal, Encoder and Decoder.")
		f.P()
	}
	tokens := map[string]*ir.Struct{}
	if withTokens {
		for _, d := range pkg.Decls {
			if s, ok := d.(*ir.Struct); ok && tokensStruct(s) {
				tokens[s.GoName] = s
			}
		}
	}
	c := &tokenCodec{codec: &codec{file: f}}
	for _, name := range names {
		f.cut()
		hint := sizeHintVar(name)
		f.P("// MarshalJSONTo implements json/v2's MarshalerTo, which json.Marshal calls.")
		f.P("func (v ", name, ") MarshalJSONTo(enc *", enc, ") error {")
		if tokens[name] != nil {
			f.P("return ", hint, ".EncodeTokensTo(enc, v.EncodeJSON, v.EncodeTokens)")
		} else {
			f.P("return ", hint, ".EncodeTo(enc, v.EncodeJSON)")
		}
		f.P("}")
		f.P()
		if d := tokens[name]; d != nil {
			c.tokensMethod(d)
		}
		f.P("// UnmarshalJSONFrom implements json/v2's UnmarshalerFrom, which json.Unmarshal calls.")
		f.P("func (v *", name, ") UnmarshalJSONFrom(dec *", dec, ") error {")
		f.P("var r ", oasimpl("Reader"))
		f.P("if err := r.ResetFrom(dec); err != nil {")
		f.P("return err")
		f.P("}")
		f.P("return r.Finish(v.DecodeJSON(&r))")
		f.P("}")
		f.P()
	}
}

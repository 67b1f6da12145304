package gen

import "strings"

// clientSig is the signature of op's client method: the Handler's, with
// the call's options last.
func (f *file) clientSig(op *apiOp) string {
	return strings.Replace(f.handlerSig(op), ") (", ", opts ..."+f.qual(rt("CallOption"))+") (", 1)
}

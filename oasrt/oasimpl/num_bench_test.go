package oasimpl

import (
	"strconv"
	"testing"

	"github.com/oasgen/oasgen/oasrt"
)

// The integers of workload C (bench/internal/payload) and a few short ones:
// Writer.digits' two paths.
var (
	benchLongInts  = []uint64{76163, 33641, 97337, 79032, 2886729884713978064, 14944069401019256817, 542512405, 15448580988037708525, 1879956190, 1582328126, 1187114597, 686282194211828959, 491762, 591523745801}
	benchShortInts = []uint64{111, 7, 42, 9999, 1234, 500, 12, 3}
	benchFloats    = []float64{314.625, 1.5e-5, 538078.0873162481, 0.1, 19.99, 1e-7, 2.5e25}
)

// go test -bench 'Writer(Ints|Floats)' ./oasrt
func BenchmarkWriterInts(b *testing.B) {
	for _, c := range []struct {
		name string
		ints []uint64
	}{{"long", benchLongInts}, {"short", benchShortInts}} {
		b.Run(c.name, func(b *testing.B) {
			var w Writer
			for b.Loop() {
				w.Reset()
				for _, u := range c.ints {
					w.Uint(u)
				}
			}
		})
	}
	// strconv on the same numbers, for comparison.
	b.Run("long-strconv", func(b *testing.B) {
		var buf []byte
		for b.Loop() {
			buf = buf[:0]
			for _, u := range benchLongInts {
				buf = strconv.AppendUint(buf, u, 10)
			}
		}
	})
}

func BenchmarkWriterFloats(b *testing.B) {
	for _, f := range benchFloats {
		b.Run(string(appendFloat(f))+"/64", func(b *testing.B) {
			var w Writer
			for b.Loop() {
				w.Reset()
				w.Float64(f)
			}
		})
		b.Run(string(appendFloat(f))+"/32", func(b *testing.B) {
			var w Writer
			for b.Loop() {
				w.Reset()
				w.Float32(float32(f))
			}
		})
	}
}

func appendFloat(f float64) []byte {
	var w Writer
	w.Float64(f)
	return w.Buf
}

// go test -bench WriterUUID ./oasrt
func BenchmarkWriterUUID(b *testing.B) {
	u := oasrt.UUID{0x83, 0xd5, 0x43, 0x08, 0x94, 0x02, 0x43, 0xe3, 0x94, 0xa1, 0x94, 0xff, 0x46, 0xbb, 0xc4, 0x8c}
	var w Writer
	for b.Loop() {
		w.Reset()
		w.UUID(u)
	}
}

// benchMember is a small object's members, written as the generated
// encoders write them: a string or integer member with its key in one
// call (StringMember, IntMember).
type benchMember struct {
	ID                int64
	Name, Status, URL string
	Count             int64
	CollaboratorsURL  string
}

var benchMemberValue = benchMember{ID: 1296269, Name: "Hello-World", Status: "active", URL: "https://api.github.com/repos/octocat/Hello-World", Count: 42, CollaboratorsURL: "http://api.github.com/repos/octocat/Hello-World/collaborators{/collaborator}"}

// go test -bench WriterMembers ./oasrt
func BenchmarkWriterMembers(b *testing.B) {
	v := &benchMemberValue
	var w Writer
	for b.Loop() {
		w.Reset()
		start := len(w.Buf)
		w.IntMember(`,"id":`, v.ID)
		w.StringMember(`,"name":`, v.Name)
		w.StringMember(`,"status":`, v.Status)
		w.StringMember(`,"url":`, v.URL)
		w.IntMember(`,"count":`, v.Count)
		w.StringMember(`,"collaborators_url":`, v.CollaboratorsURL)
		w.ObjectEnd(start)
	}
}

// BenchmarkWriterMembersRaw is BenchmarkWriterMembers with each key an
// inlined Raw before the value's call, as the encoders were generated
// before StringMember and IntMember.
func BenchmarkWriterMembersRaw(b *testing.B) {
	v := &benchMemberValue
	var w Writer
	for b.Loop() {
		w.Reset()
		start := len(w.Buf)
		w.Raw(`,"id":`)
		w.Int(v.ID)
		w.Raw(`,"name":`)
		w.String(v.Name)
		w.Raw(`,"status":`)
		w.String(v.Status)
		w.Raw(`,"url":`)
		w.String(v.URL)
		w.Raw(`,"count":`)
		w.Int(v.Count)
		w.Raw(`,"collaborators_url":`)
		w.String(v.CollaboratorsURL)
		w.ObjectEnd(start)
	}
}

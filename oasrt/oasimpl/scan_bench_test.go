package oasimpl

import (
	"strings"
	"testing"
)

// japaneseText is CJK text with the odd ASCII character, the string content of
// workload B (bench/internal/payload).
var japaneseText = strings.Repeat("東京の会社でソフトウェアを開発しました。データベースとネットワークの技術、", 12) + "abc"

func BenchmarkMultiRun(b *testing.B) {
	s := []byte(japaneseText)
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		if multiRun(s, 0) != len(s)-3 {
			b.Fatal("short run")
		}
	}
}

func BenchmarkStrJapanese(b *testing.B) {
	doc := []byte(`"` + japaneseText + `"`)
	b.SetBytes(int64(len(doc)))
	var r Reader
	for b.Loop() {
		r.Reset(doc)
		if _, err := r.StrBytes(); err != nil {
			b.Fatal(err)
		}
	}
}

// Package payload builds the JSON documents of the benchmark workloads,
// the cases of the field reports that started the project,
// deterministically: math/rand/v2's PCG with fixed seeds, so every run and
// every machine measures the same bytes.
//
// The documents are written by encoding/json (SetEscapeHTML(false), no
// trailing newline) from the hand-written structs of package plain, which is
// the canonical form both contenders must reproduce when re-encoding.
package payload

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"github.com/oasgen/oasgen/bench/internal/plain"
)

// A is workload A, exactly the payload of the field report: a small Pet.
var A = []byte(`{"id":111,"name":"Test name 111","tag":["test tag","kawaii"]}`)

// SomeValue is the SomeValue workload: the protobuf oneof holding a string.
var SomeValue = []byte(`{"type":2,"value":"some string value"}`)

// Oneof is the Oneof workload: the same oneof holding the same string, as
// protobuf's JSON mapping writes it (the member's own key beside type).
var Oneof = []byte(`{"type":2,"str":"some string value"}`)

// BRecords is the number of records in workload B, as in the report.
const BRecords = 20000

var (
	bOnce sync.Once
	bData []byte
)

// B returns workload B: a list response of BRecords records of about 965
// bytes each (19.3 MB in all, as in the report), each with Japanese text.
// It is built in memory on first use and never written to disk.
func B() []byte {
	bOnce.Do(func() { bData = mustEncode(BValue()) })
	return bData
}

// C returns workload C: a filled ABitOfEverything.
func C() []byte { return mustEncode(CValue()) }

func mustEncode(v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(fmt.Sprintf("payload: %v", err))
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

// Japanese vocabulary for workload B's text: kanji compounds, hiragana
// particles and katakana loanwords, the mix of a real search-result snippet.
var (
	nouns = strings.Fields(`東京 大阪 京都 北海道 沖縄 会社 社員 技術 開発 研究 情報 記事 検索 結果
		日本語 文章 問題 解決 方法 時間 場所 天気 季節 桜 紅葉 温泉 旅行 料理 寿司 ラーメン
		コンピュータ ソフトウェア データベース サーバー ネットワーク インターネット プログラム
		システム ユーザー サービス アプリケーション クラウド セキュリティ パフォーマンス
		経済 政治 文化 歴史 科学 教育 学校 先生 学生 子供 家族 友達 電車 駅 空港 新幹線
		図書館 病院 公園 映画 音楽 写真 漫画 アニメ ゲーム スポーツ 野球 サッカー 試合 選手`)
	particles = strings.Fields(`は が を に で と の へ から まで より も や`)
	verbs     = strings.Fields(`あります います します しました できます なります 見ました 行きました
		使います 考えます 調べました 作りました 書きました 読みました 始めます 終わりました
		増えています 減っています 話題になっています 注目されています 発表されました`)
	adjectives = strings.Fields(`新しい 古い 大きな 小さな 速い 遅い 美しい 面白い 難しい 簡単な
		便利な 有名な 重要な 静かな 賑やかな 高い 安い 明るい 暗い 楽しい`)
	highlights = strings.Fields(`Xxx Go JSON API 東京 検索 データ 日本 サーバー 技術 結果 OpenAPI`)
	bValues    = []string{"aaa", "bbb", "ccc", "abc", "xyz"}
)

func pick(r *rand.Rand, words []string) string { return words[r.IntN(len(words))] }

// sentence writes one Japanese sentence ending in 。 to sb.
func sentence(r *rand.Rand, sb *strings.Builder) {
	clauses := 1 + r.IntN(3)
	for i := range clauses {
		if i > 0 {
			sb.WriteString("、")
		}
		if r.IntN(2) == 0 {
			sb.WriteString(pick(r, adjectives))
		}
		sb.WriteString(pick(r, nouns))
		sb.WriteString(pick(r, particles))
		sb.WriteString(pick(r, nouns))
		sb.WriteString(pick(r, particles))
	}
	sb.WriteString(pick(r, verbs))
	sb.WriteString("。")
}

// japanese returns text of at least n runes (a little more: whole sentences).
func japanese(r *rand.Rand, n int) string {
	var sb strings.Builder
	sb.Grow(3*n + 64)
	for runes := 0; runes < n; {
		before := sb.Len()
		sentence(r, &sb)
		runes += len([]rune(sb.String()[before:]))
	}
	return sb.String()
}

// BValue returns workload B as a plain value.
func BValue() *plain.List {
	r := rand.New(rand.NewPCG(0x0a5_9e7, 2))
	base := time.Date(2021, 1, 27, 1, 4, 48, 0, time.UTC)
	l := &plain.List{Total: BRecords, Result: make([]plain.Item, BRecords)}
	for i := range l.Result {
		it := &l.Result[i]
		it.A = japanese(r, 160+r.IntN(235))
		it.B = pick(r, bValues)
		it.Date = base.Add(time.Duration(r.IntN(365*24*3600)) * time.Second).Format("2006/01/02 15:04:05")
		it.Highlight = make([]string, 1+r.IntN(3))
		for j := range it.Highlight {
			it.Highlight[j] = pick(r, highlights)
		}
		it.C = fmt.Sprint(10000 + r.IntN(90000))
	}
	return l
}

// CValue returns workload C as a plain value.
func CValue() *plain.ABitOfEverything {
	r := rand.New(rand.NewPCG(0xabe, 5))
	var u [16]byte
	for i := range u {
		u[i] = byte(r.Uint32())
	}
	u[6] = u[6]&0x0f | 0x40 // version 4
	u[8] = u[8]&0x3f | 0x80 // variant 10
	v := &plain.ABitOfEverything{
		UUID: fmt.Sprintf("%x-%x-%x-%x-%x", u[0:4], u[4:6], u[6:8], u[8:10], u[10:16]),
	}
	for i := range 4 {
		ok := "FALSE"
		if i%2 == 0 {
			ok = "TRUE"
		}
		v.Nested = append(v.Nested, plain.Nested{
			Name:   ptr(fmt.Sprintf("nested %d %s", i, pick(r, []string{"alpha", "beta", "gamma", "delta"}))),
			Amount: ptr(r.Uint32() % 100000),
			Ok:     ptr(ok),
		})
	}
	v.FloatValue = ptr(float32(r.IntN(1_000_000)) / 1000 * 1.5)
	v.DoubleValue = ptr(r.Float64() * 1e6)
	v.Int64Value = ptr(-r.Int64())
	v.Uint64Value = ptr(r.Uint64() | 1<<63)
	v.Int32Value = ptr(-r.Int32())
	v.Fixed64Value = ptr(r.Uint64())
	v.Fixed32Value = ptr(r.Uint32())
	v.BoolValue = ptr(true)
	v.StringValue = ptr("a bit of everything: strings, numbers, bools and an enum")
	v.Uint32Value = ptr(r.Uint32())
	v.Sfixed32Value = ptr(r.Int32())
	v.Sfixed64Value = ptr(r.Int64())
	v.Sint32Value = ptr(-r.Int32N(1 << 20))
	v.Sint64Value = ptr(-r.Int64N(1 << 40))
	v.RepeatedStringValue = []string{"repeated one", "repeated two", "repeated three"}
	return v
}

func ptr[T any](v T) *T { return &v }

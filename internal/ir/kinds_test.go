package ir

import "testing"

func TestClassifyMedia(t *testing.T) {
	for _, tc := range []struct {
		name, ct string
		want     MediaKind
		seq      bool
	}{
		{name: "json", ct: "application/json", want: MediaJSON},
		{name: "json suffix", ct: "application/problem+json; charset=utf-8", want: MediaJSON},
		{name: "form", ct: "application/x-www-form-urlencoded", want: MediaForm},
		{name: "multipart", ct: "multipart/form-data", want: MediaMultipart},
		{name: "sse", ct: "text/event-stream", want: MediaEventStream, seq: true},
		{name: "sse with case and parameters", ct: " Text/Event-Stream ; charset=utf-8", want: MediaEventStream, seq: true},
		{name: "jsonl", ct: "application/jsonl", want: MediaJSONLines, seq: true},
		{name: "ndjson", ct: "application/x-ndjson", want: MediaJSONLines, seq: true},
		{name: "jsonlines alias", ct: "application/x-jsonlines", want: MediaJSONLines, seq: true},
		{name: "json-seq", ct: "application/json-seq", want: MediaJSONSeq, seq: true},
		{name: "octet-stream", ct: "application/octet-stream", want: MediaOther},
		{name: "text", ct: "text/plain", want: MediaOther},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := ClassifyMedia(tc.ct)
			if got != tc.want || got.Sequential() != tc.seq {
				t.Errorf("ClassifyMedia(%q) = %d (sequential %v), want %d (%v)", tc.ct, got, got.Sequential(), tc.want, tc.seq)
			}
		})
	}
}

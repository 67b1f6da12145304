package oasimpl

import (
	"encoding/binary"
	"math/bits"
)

// The masks of run3 and readerRun3: in three words of 24 bytes that hold
// eight three-byte sequences, the bits that must be 1110 in a lead byte and
// 10 in a continuation byte (runMaskN), the values they must have
// (runWantN), and the low nibbles of the leads (runLeadN).
const (
	runMask0, runWant0, runLead0 = 0xC0F0C0C0F0C0C0F0, 0x80E08080E08080E0, 0x000F00000F00000F
	runMask1, runWant1, runLead1 = 0xF0C0C0F0C0C0F0C0, 0xE08080E08080E080, 0x0F00000F00000F00
	runMask2, runWant2, runLead2 = 0xC0C0F0C0C0F0C0C0, 0x8080E08080E08080, 0x00000F00000F0000
)

// readerRun3 returns the end of the run of three-byte UTF-8 sequences
// from i whose continuation bytes may take any value (leads E1 to EF but
// ED), 48 or 24 bytes at a step; the rest of the run is multiRun's. It is
// run3 for the Reader, which reads U+2028 and U+2029 as any other
// character (only the Writer escapes them), so a lead of E2 is simple
// here, and U+2026 and U+2014, common in Japanese text, stay in the run.
// Each step loads its words from an array that the step's one bounds
// check covers, and the leads' low nibbles, gathered a byte each, are
// checked for E0 and ED at once: adding 0x7F to a nibble sets the byte's
// high bit unless it is zero.
func readerRun3(s []byte, i int) int {
	for i >= 0 && len(s)-i >= 48 {
		p := (*[48]byte)(s[i : i+48])
		w0, w1, w2 := binary.LittleEndian.Uint64(p[0:8]), binary.LittleEndian.Uint64(p[8:16]), binary.LittleEndian.Uint64(p[16:24])
		w3, w4, w5 := binary.LittleEndian.Uint64(p[24:32]), binary.LittleEndian.Uint64(p[32:40]), binary.LittleEndian.Uint64(p[40:48])
		if (w0&runMask0^runWant0)|(w1&runMask1^runWant1)|(w2&runMask2^runWant2)|
			(w3&runMask0^runWant0)|(w4&runMask1^runWant1)|(w5&runMask2^runWant2) != 0 {
			break
		}
		n := w0&runLead0 | w1&runLead1 | w2&runLead2
		m := w3&runLead0 | w4&runLead1 | w5&runLead2
		if (n+lsb*0x7F)&(n^lsb*0xD+lsb*0x7F)&(m+lsb*0x7F)&(m^lsb*0xD+lsb*0x7F)&msb != msb {
			break
		}
		i += 48
	}
	for i >= 0 && len(s)-i >= 24 {
		k := run3Len(s[i : i+24])
		i += k
		if k < 24 {
			break
		}
	}
	return i
}

// run3Len returns how many of the 24 bytes of p begin with simple
// three-byte sequences (as readerRun3 takes them): the offset of the
// first byte out of place, or of the lead of ED or E0 before it, cut back
// to the start of its sequence. It has no branch: each word's bytes out
// of place are flagged, a lead's low nibble is flagged when it is 0 or D
// (adding 0x7F to a nibble sets the byte's high bit unless it is zero),
// and the lowest flag is found in the first word that has one.
func run3Len(p []byte) int {
	q := (*[24]byte)(p)
	w0, w1, w2 := binary.LittleEndian.Uint64(q[0:8]), binary.LittleEndian.Uint64(q[8:16]), binary.LittleEndian.Uint64(q[16:24])
	b0 := w0&runMask0 ^ runWant0 | badLead(w0&runLead0, runLead0)
	b1 := w1&runMask1 ^ runWant1 | badLead(w1&runLead1, runLead1)
	b2 := w2&runMask2 ^ runWant2 | badLead(w2&runLead2, runLead2)
	k := bits.TrailingZeros64(b0) >> 3
	if k == 8 {
		k = 8 + bits.TrailingZeros64(b1)>>3
		if k == 16 {
			k = 16 + bits.TrailingZeros64(b2)>>3
		}
	}
	return k / 3 * 3
}

// badLead returns a word with a bit set in each lead byte (leads marks
// them with 0x0F) whose low nibble, n holds them, is 0 or D.
func badLead(n, leads uint64) uint64 {
	ok := (n + lsb*0x7F) & (n ^ lsb*0xD + lsb*0x7F)
	return ^ok & (leads << 4) & msb
}

// byteRun returns the end of the run of the byte c at s[i:], eight bytes
// at a step where the input has room for a word: the spaces or tabs that
// indent a line of pretty-printed JSON. A byte of the word is c where the
// exclusive or with c leaves it zero; adding 0x7F to the low seven bits
// of a byte sets its high bit unless they are zero, with no carry out, so
// every byte is told apart exactly.
func byteRun(s []byte, i int, c byte) int {
	for i >= 0 && len(s)-i >= 8 {
		v := binary.LittleEndian.Uint64(s[i:i+8]) ^ lsb*uint64(c)
		if other := (v&^msb + lsb*0x7F | v) & msb; other != 0 {
			return i + bits.TrailingZeros64(other)>>3
		}
		i += 8
	}
	for i < len(s) && s[i] == c {
		i++
	}
	return i
}

// digitRun returns the end of the run of ASCII digits at s[i:], eight
// bytes at a step where the input has room for a word, with intDigits'
// test: a byte is a digit when its high nibble is 3 and adding 6 leaves
// it 3, and carries out of a byte come only from bytes that are not
// digits, so the first byte that is not one is found exactly.
func digitRun(s []byte, i int) int {
	for i >= 0 && len(s)-i >= 8 {
		x := binary.LittleEndian.Uint64(s[i : i+8])
		t := (x&(lsb*0xF0) ^ lsb*0x30) | ((x+lsb*0x06)&(lsb*0xF0) ^ lsb*0x30)
		n := bits.TrailingZeros64(((t&(lsb*0x7F)+lsb*0x7F)|t)&msb) >> 3
		i += n
		if n < 8 {
			return i
		}
	}
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	return i
}

package leaves

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"hash/fnv"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
)

// fingerprint is what a checkpoint must agree on with the run resuming it.
type fingerprint struct {
	Lexicon     string `json:"lexicon"`
	LexiconHash string `json:"lexicon_hash"` // FNV-64a of the word graph
	Tiles       string `json:"tiles"`
	Rules       string `json:"rules"`
	Games       int    `json:"games"`
	Generations int    `json:"generations"`
	Seed        uint64 `json:"seed"`
	MinBag      int    `json:"min_bag"`
}

func fingerprintOf(o *LearnOptions) fingerprint {
	h := fnv.New64a()
	h.Write(o.Lexicon.Graph.Bytes())
	return fingerprint{Lexicon: o.Lexicon.Name, LexiconHash: fmt.Sprintf("%016x", h.Sum64()), Tiles: o.Lexicon.Tiles.Name,
		Rules: o.Rules.Name, Games: o.Games, Generations: o.Generations, Seed: o.Seed, MinBag: o.MinBag}
}

// checkpointHeader is the checkpoint's first line, JSON; the binary state follows.
type checkpointHeader struct {
	Format     string      `json:"format"`
	Run        fingerprint `json:"run"`
	Generation int         `json:"generation"` // 0-based: the one being played
	Done       int         `json:"games_done"`
	Turns      int64       `json:"turns"`
	SumSq      int64       `json:"sum_sq"`
	Reports    []FitReport `json:"reports"`
	Leaves     int         `json:"leaves"`
	Racks      int         `json:"racks"`
	// Seconds is the time the run has taken so far (absent in checkpoints of older atrils).
	Seconds float64 `json:"seconds,omitempty"`
}

const checkpointFormat = "atril leave-learning checkpoint 1"

// writeCheckpoint saves the state atomically: a temporary file beside it, synced, renamed over
// it, and the directory synced, so a crash leaves either the old checkpoint or the new one.
//
// Layout: the JSON header line; the table's values (u32 count, f32 each); the racks recorded
// (u32 count, then u32 rack number, i64 sum, u32 turns each); the leaves kept (u32 count, then
// u32 leave number, u32 times each); a CRC-32 of everything before it. Little endian.
func writeCheckpoint(path string, fp fingerprint, st *state) error {
	hdr := checkpointHeader{Format: checkpointFormat, Run: fp, Generation: st.gen, Done: st.done,
		Turns: st.tot.turns, SumSq: st.tot.sumSq, Reports: st.reports, Leaves: len(st.values), Racks: len(st.tot.counts), Seconds: st.seconds}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return i18n.Wrap(err, "leaves.err.checkpoint_write", "File", path)
	}
	tmp := f.Name()
	defer os.Remove(tmp) // gone already after the rename
	crc := crc32.NewIEEE()
	w := bufio.NewWriterSize(io.MultiWriter(f, crc), 1<<20)
	js, err := json.Marshal(hdr)
	if err != nil {
		f.Close()
		return err
	}
	w.Write(js)
	w.WriteByte('\n')
	le := binary.LittleEndian
	var b [16]byte
	put32 := func(v uint32) { le.PutUint32(b[:], v); w.Write(b[:4]) }
	put32(uint32(len(st.values)))
	for _, v := range st.values {
		put32(math.Float32bits(v))
	}
	n := 0
	for _, c := range st.tot.counts {
		if c > 0 {
			n++
		}
	}
	put32(uint32(n))
	for i, c := range st.tot.counts {
		if c > 0 {
			le.PutUint32(b[0:], uint32(i))
			le.PutUint64(b[4:], uint64(st.tot.sums[i]))
			le.PutUint32(b[12:], c)
			w.Write(b[:16])
		}
	}
	n = 0
	for _, c := range st.tot.kept {
		if c > 0 {
			n++
		}
	}
	put32(uint32(n))
	for i, c := range st.tot.kept {
		if c > 0 {
			put32(uint32(i))
			put32(c)
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return i18n.Wrap(err, "leaves.err.checkpoint_write", "File", tmp)
	}
	if _, err := f.Write(le.AppendUint32(nil, crc.Sum32())); err != nil {
		f.Close()
		return i18n.Wrap(err, "leaves.err.checkpoint_write", "File", tmp)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return i18n.Wrap(err, "leaves.err.checkpoint_write", "File", tmp)
	}
	if err := f.Close(); err != nil {
		return i18n.Wrap(err, "leaves.err.checkpoint_write", "File", tmp)
	}
	if err := os.Rename(tmp, path); err != nil {
		return i18n.Wrap(err, "leaves.err.checkpoint_write", "File", path)
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// readCheckpoint loads a checkpoint for the run fp, refusing one of another run or one damaged.
func readCheckpoint(path string, fp fingerprint, leaves, racks int) (state, error) {
	// Header, values, racks and leaves kept, each at its largest.
	b, err := fileio.ReadFile(path, 1<<20+16+12*int64(leaves)+16*int64(racks))
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return state{}, i18n.E("leaves.err.no_checkpoint", "File", path)
		}
		return state{}, err
	}
	// bad names what is wrong in the reader's words where it matters (a damaged or foreign
	// file); the numbers of a file written by a bug are shown as they are.
	bad := func(what string, a ...any) (state, error) {
		return state{}, i18n.E("leaves.err.bad_checkpoint", "File", path, "Detail", fmt.Sprintf(what, a...))
	}
	if len(b) < 4 {
		return bad("%d bytes", len(b))
	}
	le := binary.LittleEndian
	body := b[:len(b)-4]
	if crc32.ChecksumIEEE(body) != le.Uint32(b[len(b)-4:]) {
		return state{}, i18n.E("leaves.err.checkpoint_checksum", "File", path)
	}
	line, rest, ok := bytes.Cut(body, []byte{'\n'})
	if !ok {
		return bad("line 1: expected a JSON header")
	}
	var hdr checkpointHeader
	if err := json.Unmarshal(line, &hdr); err != nil {
		return bad("line 1: %v", err)
	}
	if hdr.Format != checkpointFormat {
		return bad("line 1: format %q, expected %q", hdr.Format, checkpointFormat)
	}
	if hdr.Run != fp {
		return state{}, i18n.E("leaves.err.checkpoint_other_run", "File", path, "Settings", fingerprintDiff(hdr.Run, fp))
	}
	if hdr.Leaves != leaves || hdr.Racks != racks || hdr.Generation < 0 || hdr.Generation > fp.Generations ||
		hdr.Done < 0 || hdr.Done > fp.Games || len(hdr.Reports) != hdr.Generation {
		return bad("header numbers out of range (generation %d, %d games done, %d leaves, %d racks)", hdr.Generation, hdr.Done, hdr.Leaves, hdr.Racks)
	}
	if hdr.Seconds < 0 || hdr.Seconds > 1e9 {
		hdr.Seconds = 0 // only the summary's speed reads it
	}
	st := state{gen: hdr.Generation, done: hdr.Done, reports: hdr.Reports, tot: newTotals(racks, leaves), seconds: hdr.Seconds}
	st.tot.turns, st.tot.sumSq = hdr.Turns, hdr.SumSq
	off := 0
	u32 := func() (uint32, bool) {
		if off+4 > len(rest) {
			return 0, false
		}
		v := le.Uint32(rest[off:])
		off += 4
		return v, true
	}
	n, ok := u32()
	if !ok || int(n) != leaves {
		return bad("%d values, expected %d", n, leaves)
	}
	st.values = make([]float32, leaves)
	for i := range st.values {
		v, ok := u32()
		if !ok {
			return bad("cut short in the values")
		}
		st.values[i] = math.Float32frombits(v)
	}
	if n, ok = u32(); !ok || int(n) > racks || off+16*int(n) > len(rest) {
		return bad("the racks recorded do not fit")
	}
	for range n {
		i := le.Uint32(rest[off:])
		if int(i) >= racks {
			return bad("rack number %d of %d", i, racks)
		}
		st.tot.sums[i] = int64(le.Uint64(rest[off+4:]))
		st.tot.counts[i] = le.Uint32(rest[off+12:])
		off += 16
	}
	if n, ok = u32(); !ok || int(n) > leaves || off+8*int(n) > len(rest) {
		return bad("the leaves kept do not fit")
	}
	for range n {
		i, _ := u32()
		c, _ := u32()
		if int(i) >= leaves {
			return bad("leave number %d of %d", i, leaves)
		}
		st.tot.kept[i] = c
	}
	if off != len(rest) {
		return bad("%d bytes after the state", len(rest)-off)
	}
	return st, nil
}

// fingerprintDiff lists the settings that differ, as "setting then ≠ now", each setting named
// as Options and the command's flags name it.
func fingerprintDiff(was, now fingerprint) string {
	var d []string
	add := func(name string, a, b any) {
		if a != b {
			d = append(d, fmt.Sprintf("%s %v ≠ %v", name, a, b))
		}
	}
	add("lexicon", was.Lexicon, now.Lexicon)
	add("lexicon graph", was.LexiconHash, now.LexiconHash)
	add("tiles", was.Tiles, now.Tiles)
	add("rules", was.Rules, now.Rules)
	add("games", was.Games, now.Games)
	add("generations", was.Generations, now.Generations)
	add("seed", was.Seed, now.Seed)
	add("min-bag", was.MinBag, now.MinBag)
	return strings.Join(d, "; ")
}

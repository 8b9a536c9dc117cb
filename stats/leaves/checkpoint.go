package leaves

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"hash/fnv"
	"math"
	"os"
	"strings"

	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
)

// runSettings are the settings of a run that its checkpoint and its shards' statistics files
// record alike (in their JSON, as these fields of the header).
type runSettings struct {
	Lexicon     string `json:"lexicon"`
	LexiconHash string `json:"lexicon_hash"` // FNV-64a of the word graph
	Tiles       string `json:"tiles"`
	Rules       string `json:"rules"`
	Games       int    `json:"games"` // a generation's games
	Seed        uint64 `json:"seed"`
	MinBag      int    `json:"min_bag"`
}

// settingsDiff lists the settings that differ between a file and this run, as
// "setting then ≠ now", each named as Options and the command's flags name it.
type settingsDiff []string

func (d *settingsDiff) add(name string, was, now any) {
	if was != now {
		*d = append(*d, fmt.Sprintf("%s %v ≠ %v", name, was, now))
	}
}

func (d settingsDiff) String() string { return strings.Join(d, "; ") }

// addRun adds the differences of the run settings both kinds of file record.
func (d *settingsDiff) addRun(was, now *runSettings) {
	d.add("lexicon", was.Lexicon, now.Lexicon)
	d.add("lexicon graph", was.LexiconHash, now.LexiconHash)
	d.add("tiles", was.Tiles, now.Tiles)
	d.add("rules", was.Rules, now.Rules)
	d.add("games", was.Games, now.Games)
	d.add("seed", was.Seed, now.Seed)
	d.add("min-bag", was.MinBag, now.MinBag)
}

// fingerprint is what a checkpoint must agree on with the run resuming it.
type fingerprint struct {
	runSettings
	Generations int `json:"generations"`
	// Method is recorded only when it is not Racks (checkpoints from before there were
	// methods have none).
	Method Method `json:"method,omitempty"`
}

func fingerprintOf(o *LearnOptions) fingerprint {
	h := fnv.New64a()
	h.Write(o.Lexicon.Graph.Bytes())
	fp := fingerprint{runSettings: runSettings{Lexicon: o.Lexicon.Name, LexiconHash: fmt.Sprintf("%016x", h.Sum64()),
		Tiles: o.Lexicon.Tiles.Name, Rules: o.Rules.Name, Games: o.Games, Seed: o.Seed, MinBag: o.MinBag}, Generations: o.Generations}
	if o.Method != Racks {
		fp.Method = o.Method
	}
	return fp
}

// checkpointHeader is the checkpoint's first line, JSON; the binary state follows.
type checkpointHeader struct {
	Format     string      `json:"format"`
	Run        fingerprint `json:"run"`
	Generation int         `json:"generation"` // 0-based: the one being played
	Done       int         `json:"games_done"`
	Turns      int64       `json:"turns"`
	SumSq      int64       `json:"sum_sq"`
	NextTurns  int64       `json:"next_turns"`
	NextSumSq  int64       `json:"next_sum_sq"`
	Reports    []FitReport `json:"reports"`
	Leaves     int         `json:"leaves"`
	Racks      int         `json:"racks"`
	// Seconds is the time the run has taken so far (absent in checkpoints of older atrils).
	Seconds float64 `json:"seconds,omitempty"`
}

// checkpointFormat is the checkpoints' format; checkpointFormat1, the first (fixed-size
// records, no next turns), is still read.
const (
	checkpointFormat  = "atril leave-learning checkpoint 2"
	checkpointFormat1 = "atril leave-learning checkpoint 1"
)

// writeCheckpoint saves the state atomically: a temporary file beside it, synced, renamed over
// it, and the directory synced, so a crash leaves either the old checkpoint or the new one.
//
// Layout: the JSON header line; the table's values (u32 count, f32 each, little endian); the
// totals as a statistics file holds them (appendTotals); a CRC-32 of everything before it.
func writeCheckpoint(path string, fp fingerprint, st *state) error {
	hdr := checkpointHeader{Format: checkpointFormat, Run: fp, Generation: st.gen, Done: st.done,
		Turns: st.tot.turns, SumSq: st.tot.sumSq, NextTurns: st.tot.nextTurns, NextSumSq: st.tot.nextSumSq,
		Reports: st.reports, Leaves: len(st.values), Racks: len(st.tot.counts), Seconds: st.seconds}
	b, err := json.Marshal(hdr)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	le := binary.LittleEndian
	b = le.AppendUint32(b, uint32(len(st.values)))
	for _, v := range st.values {
		b = le.AppendUint32(b, math.Float32bits(v))
	}
	b = appendTotals(b, st.tot)
	b = le.AppendUint32(b, crc32.ChecksumIEEE(b))
	if err := writeAtomic(path, b); err != nil {
		return i18n.Wrap(err, "leaves.err.checkpoint_write", "File", path)
	}
	return nil
}

// readCheckpoint loads a checkpoint for the run fp, refusing one of another run or one damaged.
func readCheckpoint(path string, fp fingerprint, leaves, racks int) (state, error) {
	// Header, values, racks and leaves kept, each at its largest (the first format's fixed
	// records, or varints of at most 10+10+5 bytes).
	b, err := fileio.ReadFile(path, 1<<20+16+4*int64(leaves)+25*(int64(leaves)+int64(racks)+2))
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
	if hdr.Format != checkpointFormat && hdr.Format != checkpointFormat1 {
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
	st.tot.turns, st.tot.sumSq, st.tot.nextTurns, st.tot.nextSumSq = hdr.Turns, hdr.SumSq, hdr.NextTurns, hdr.NextSumSq
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
	if hdr.Format == checkpointFormat {
		r, n, err := decodeTotals(rest[off:], racks, leaves)
		if err != nil {
			return bad("%v", err)
		}
		if err := st.tot.add(&r); err != nil {
			return bad("%v", err)
		}
		off += n
	} else if err := readCheckpoint1(rest, &off, st.tot); err != nil {
		return bad("%v", err)
	}
	if off != len(rest) {
		return bad("%d bytes after the state", len(rest)-off)
	}
	return st, nil
}

// fingerprintDiff lists the settings that differ, as "setting then ≠ now".
func fingerprintDiff(was, now fingerprint) string {
	var d settingsDiff
	d.addRun(&was.runSettings, &now.runSettings)
	d.add("generations", was.Generations, now.Generations)
	d.add("method", methodName(was.Method), methodName(now.Method))
	return d.String()
}

// methodName is a fingerprint's method as --method names it (none recorded is racks).
func methodName(m Method) string {
	if m == "" {
		return string(Racks)
	}
	return string(m)
}

// readCheckpoint1 reads the records of a checkpoint of the first format: the racks recorded
// (u32 count, then u32 rack number, i64 sum, u32 turns each) and the leaves kept (u32 count,
// then u32 leave number, u32 times each), which no method uses.
func readCheckpoint1(rest []byte, off *int, tot *totals) error {
	le := binary.LittleEndian
	u32 := func() (uint32, bool) {
		if *off+4 > len(rest) {
			return 0, false
		}
		v := le.Uint32(rest[*off:])
		*off += 4
		return v, true
	}
	racks := len(tot.counts)
	n, ok := u32()
	if !ok || int(n) > racks || *off+16*int(n) > len(rest) {
		return fmt.Errorf("the racks recorded do not fit")
	}
	for range n {
		i := le.Uint32(rest[*off:])
		if int(i) >= racks {
			return fmt.Errorf("rack number %d of %d", i, racks)
		}
		tot.sums[i] = int64(le.Uint64(rest[*off+4:]))
		tot.counts[i] = le.Uint32(rest[*off+12:])
		*off += 16
	}
	if n, ok = u32(); !ok || int(n) >= len(tot.nextCounts) || *off+8*int(n) > len(rest) {
		return fmt.Errorf("the leaves kept do not fit")
	}
	*off += 8 * int(n)
	return nil
}

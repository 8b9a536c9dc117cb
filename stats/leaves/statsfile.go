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
	"math/bits"
	"time"

	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
)

// StatsFormat is the first field of a shard statistics file. The format is documented in
// stats/leaves/cluster/README.md ("The statistics file"); a change to it changes this string.
const StatsFormat = "atril leave statistics 1"

// StatsExt is the extension of the statistics files a shard writes into a directory.
const StatsExt = ".leavestats"

// StatsHeader is a statistics file's first line (JSON): which games it holds and their totals.
// A shard's checkpoint is a statistics file too, with Done short of GamesTo.
type StatsHeader struct {
	Format string `json:"format"`
	runSettings
	Generation int `json:"generation"` // 1-based; Games are the generation's, all shards together
	// Table is the FNV-64a of the values (f32, little endian, in leave order) the games were
	// played with; From is the table as it was named (--from).
	Table  string `json:"table"`
	From   string `json:"from"`
	Shard  int    `json:"shard"` // 0-based
	Shards int    `json:"shards"`
	// The shard plays the games [GamesFrom, GamesTo) of the generation; Done is where it is.
	GamesFrom int `json:"games_from"`
	GamesTo   int `json:"games_to"`
	Done      int `json:"games_done"`
	// What the records hold: turns recorded and Σ (equity × 16)²; next turns of a leave kept
	// and Σ (their equity × 16)².
	Turns     int64 `json:"turns"`
	SumSq     int64 `json:"sum_sq"`
	NextTurns int64 `json:"next_turns"`
	NextSumSq int64 `json:"next_sum_sq"`
	// Racks and Leaves are the numbers of racks (1 to 7 tiles) and leaves (1 to 6) of the tile
	// set, the ranges of the record numbers.
	Racks  int `json:"racks"`
	Leaves int `json:"leaves"`
	// Started is when the shard began (its first start, if it was resumed), Updated when the
	// file was written; Seconds the time spent playing, over every start.
	Started time.Time `json:"started"`
	Updated time.Time `json:"updated"`
	Seconds float64   `json:"seconds"`
	Workers int       `json:"workers"`
	Host    string    `json:"host"`
}

// Finished says whether the shard played all its games.
func (h *StatsHeader) Finished() bool { return h.Done == h.GamesTo }

// sameGeneration says whether two files are of the same generation of the same run (they may
// be merged together).
func (h *StatsHeader) sameGeneration(o *StatsHeader) bool {
	return h.runSettings == o.runSettings && h.Generation == o.Generation && h.Table == o.Table && h.Shards == o.Shards && h.Racks == o.Racks && h.Leaves == o.Leaves
}

// sameShard says whether two files are of the same shard (one may resume the other).
func (h *StatsHeader) sameShard(o *StatsHeader) bool {
	return h.sameGeneration(o) && h.Shard == o.Shard && h.GamesFrom == o.GamesFrom && h.GamesTo == o.GamesTo
}

// shardDiff lists what differs between two files' shards, as "setting then ≠ now".
func shardDiff(was, now *StatsHeader) string {
	var d settingsDiff
	d.addRun(&was.runSettings, &now.runSettings)
	d.add("generation", was.Generation, now.Generation)
	d.add("table", was.Table, now.Table)
	d.add("shard", fmt.Sprintf("%d/%d", was.Shard, was.Shards), fmt.Sprintf("%d/%d", now.Shard, now.Shards))
	return d.String()
}

// valuesHash is the Table of a statistics file: FNV-64a of the values as f32 little endian.
func valuesHash(values []float32) string {
	h := fnv.New64a()
	var b [4]byte
	for _, v := range values {
		binary.LittleEndian.PutUint32(b[:], math.Float32bits(v))
		h.Write(b[:])
	}
	return fmt.Sprintf("%016x", h.Sum64())
}

// writeStats writes a statistics file atomically (a temporary file beside it, synced, renamed
// over it, the directory synced).
//
// Layout: the JSON header line; the totals (see appendTotals); a CRC-32 (IEEE, little endian)
// of everything before it.
func writeStats(path string, h *StatsHeader, tot *totals) error {
	body, err := statsBytes(h, tot)
	if err == nil {
		err = writeAtomic(path, body)
	}
	if err != nil {
		return i18n.Wrap(err, "leaves.err.stats_write", "File", path)
	}
	return nil
}

// statsBytes is a statistics file's content.
func statsBytes(h *StatsHeader, tot *totals) ([]byte, error) {
	body, err := json.Marshal(h)
	if err != nil {
		return nil, err
	}
	body = append(body, '\n')
	body = appendTotals(body, tot)
	return binary.LittleEndian.AppendUint32(body, crc32.ChecksumIEEE(body)), nil
}

// maxStatsBytes bounds a statistics file: its header and a record (at most 25 bytes) for every
// rack and leave of a tile set numbered by equity.LeaveSet (at most 2²⁴ each).
const maxStatsBytes = 1<<20 + 25*2<<24

// writeAtomic writes b to path whole or not at all, one writer at a time (fileio.WriteFile): a
// crash leaves the old file or the new one, and a FIFO or a device in its place is refused.
func writeAtomic(path string, b []byte) error {
	return fileio.WriteFile(path, func(w io.Writer) error {
		_, err := w.Write(b)
		return err
	})
}

// appendTotals appends the totals' records: the racks recorded, then the leaves kept with a
// next turn. Each section is a uvarint count of records, then per record, by increasing
// number: the uvarint gap from the previous record's number less one (the first: the number
// itself), the sum as a (zigzag) varint, the count as a uvarint. A rack's sum is Σ equity ×
// 1024 of its turns; a leave's, Σ equity × 1024 of the next turns of the players who kept it
// (the leave numbered Leaves, one past the last, is the empty leave).
func appendTotals(b []byte, t *totals) []byte {
	b = appendSection(b, t.sums, t.counts)
	return appendSection(b, t.nextSums, t.nextCounts)
}

func appendSection(b []byte, sums []int64, counts []uint32) []byte {
	n := 0
	for _, c := range counts {
		if c > 0 {
			n++
		}
	}
	b = binary.AppendUvarint(b, uint64(n))
	prev := -1
	for i, c := range counts {
		if c == 0 {
			continue
		}
		b = binary.AppendUvarint(b, uint64(i-prev-1))
		b = binary.AppendVarint(b, sums[i])
		b = binary.AppendUvarint(b, uint64(c))
		prev = i
	}
	return b
}

// section is one section of a statistics file's records, as read.
type section struct {
	idx    []uint32
	sums   []int64
	counts []uint32
}

// records are a statistics file's records, as read.
type records struct {
	racks, next section
}

// decodeTotals reads the records appendTotals wrote, checking each number against its range
// (racks, leaves+1). It returns the bytes it read.
func decodeTotals(b []byte, racks, leaves int) (records, int, error) {
	var r records
	off := 0
	read := func(s *section, limit int, what string) error {
		n, k := binary.Uvarint(b[off:])
		if k <= 0 || n > uint64(limit) {
			return fmt.Errorf("byte %d: the number of %s", off, what)
		}
		off += k
		s.idx = make([]uint32, n)
		s.sums = make([]int64, n)
		s.counts = make([]uint32, n)
		prev := -1
		for j := range int(n) {
			gap, k1 := binary.Uvarint(b[off:])
			if k1 <= 0 {
				return fmt.Errorf("byte %d: cut short in the %s", off, what)
			}
			off += k1
			sum, k2 := binary.Varint(b[off:])
			if k2 <= 0 {
				return fmt.Errorf("byte %d: cut short in the %s", off, what)
			}
			off += k2
			c, k3 := binary.Uvarint(b[off:])
			if k3 <= 0 || c == 0 || c > math.MaxUint32 {
				return fmt.Errorf("byte %d: a count of %s", off, what)
			}
			off += k3
			if gap >= uint64(limit) || prev+1+int(gap) >= limit {
				return fmt.Errorf("byte %d: %s number out of range", off, what)
			}
			prev += 1 + int(gap)
			s.idx[j], s.sums[j], s.counts[j] = uint32(prev), sum, uint32(c)
		}
		return nil
	}
	if err := read(&r.racks, racks, "racks"); err != nil {
		return r, off, err
	}
	if err := read(&r.next, leaves+1, "leaves"); err != nil {
		return r, off, err
	}
	return r, off, nil
}

// errOverflow says that sums no longer fit their integers (some billions of games).
var errOverflow = errors.New("totals overflow")

// add adds a file's records to the totals, refusing to overflow.
func (t *totals) add(r *records) error {
	addSection := func(s *section, sums []int64, counts []uint32) error {
		for j, i := range s.idx {
			c, carry := bits.Add32(counts[i], s.counts[j], 0)
			sum, ok := addInt64(sums[i], s.sums[j])
			if carry != 0 || !ok {
				return errOverflow
			}
			counts[i], sums[i] = c, sum
		}
		return nil
	}
	if err := addSection(&r.racks, t.sums, t.counts); err != nil {
		return err
	}
	return addSection(&r.next, t.nextSums, t.nextCounts)
}

func addInt64(a, b int64) (int64, bool) {
	s := a + b
	return s, (s > a) == (b > 0)
}

// addScalars adds the header's totals to t, refusing to overflow.
func (t *totals) addScalars(h *StatsHeader) error {
	var ok [4]bool
	t.turns, ok[0] = addInt64(t.turns, h.Turns)
	t.sumSq, ok[1] = addInt64(t.sumSq, h.SumSq)
	t.nextTurns, ok[2] = addInt64(t.nextTurns, h.NextTurns)
	t.nextSumSq, ok[3] = addInt64(t.nextSumSq, h.NextSumSq)
	if !ok[0] || !ok[1] || !ok[2] || !ok[3] {
		return errOverflow
	}
	return nil
}

// readStatsHeader reads a file's header line only (what status needs of a shard still playing).
func readStatsHeader(path string) (*StatsHeader, error) {
	f, err := fileio.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	line, err := bufio.NewReaderSize(f, 1<<16).ReadSlice('\n')
	if err != nil {
		return nil, badStats(path, "line 1: expected a JSON header")
	}
	return parseStatsHeader(path, line)
}

// looksLikeStats says whether a file begins as a statistics file does.
func looksLikeStats(path string) bool {
	f, err := fileio.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var b [64]byte
	n, _ := io.ReadFull(f, b[:])
	return bytes.HasPrefix(b[:n], []byte(`{"format":"atril leave statistics`))
}

func parseStatsHeader(path string, line []byte) (*StatsHeader, error) {
	var h StatsHeader
	if err := json.Unmarshal(line, &h); err != nil {
		return nil, badStats(path, fmt.Sprintf("line 1: %v", err))
	}
	if h.Format != StatsFormat {
		return nil, badStats(path, fmt.Sprintf("line 1: format %q, expected %q", h.Format, StatsFormat))
	}
	if h.Shards < 1 || h.Shard < 0 || h.Shard >= h.Shards || h.Generation < 1 || h.Games < 1 ||
		h.GamesFrom < 0 || h.GamesFrom > h.GamesTo || h.GamesTo > h.Games || h.Done < h.GamesFrom || h.Done > h.GamesTo ||
		h.Turns < 0 || h.NextTurns < 0 || h.Racks < 1 || h.Leaves < 1 {
		return nil, badStats(path, fmt.Sprintf("header numbers out of range (shard %d/%d, generation %d, games %d–%d of %d, %d done)",
			h.Shard, h.Shards, h.Generation, h.GamesFrom, h.GamesTo, h.Games, h.Done))
	}
	return &h, nil
}

func badStats(path, detail string) error {
	return i18n.E("leaves.err.bad_stats", "File", path, "Detail", detail)
}

// readStats reads and checks a whole statistics file: its checksum, header and records.
func readStats(path string) (*StatsHeader, records, error) {
	b, err := fileio.ReadFile(path, maxStatsBytes)
	if err != nil {
		return nil, records{}, err
	}
	if len(b) < 4 || crc32.ChecksumIEEE(b[:len(b)-4]) != binary.LittleEndian.Uint32(b[len(b)-4:]) {
		if !bytes.HasPrefix(b, []byte(`{"format":"atril leave statistics`)) {
			return nil, records{}, badStats(path, "not a statistics file")
		}
		return nil, records{}, i18n.E("leaves.err.stats_checksum", "File", path)
	}
	body := b[:len(b)-4]
	line, rest, ok := bytes.Cut(body, []byte{'\n'})
	if !ok {
		return nil, records{}, badStats(path, "line 1: expected a JSON header")
	}
	h, err := parseStatsHeader(path, line)
	if err != nil {
		return nil, records{}, err
	}
	r, n, err := decodeTotals(rest, h.Racks, h.Leaves)
	if err != nil {
		return nil, records{}, badStats(path, err.Error())
	}
	if n != len(rest) {
		return nil, records{}, badStats(path, fmt.Sprintf("%d bytes after the records", len(rest)-n))
	}
	return h, r, nil
}

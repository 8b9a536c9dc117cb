package leaves

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/engine/equity"
)

func klvBytes(t testing.TB, set *equity.LeaveSet, values []float32) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := set.WriteKLV(&b, values); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// playShards plays every shard of a generation into dir, each with its own number of workers,
// and returns the files.
func playShards(t *testing.T, base LearnOptions, gen, count int, from equity.Leaves, dir string) []string {
	t.Helper()
	var files []string
	for i := range count {
		o := ShardOptions{LearnOptions: base, Shard: Shard{Generation: gen, Index: i, Count: count}, FromName: "test",
			Out: filepath.Join(dir, StatsName(Shard{Generation: gen, Index: i, Count: count})), Host: "test"}
		o.Workers = 1 + i%3
		o.From = from
		if _, err := LearnShard(context.Background(), o); err != nil {
			t.Fatalf("shard %d/%d: %v", i, count, err)
		}
		files = append(files, o.Out)
	}
	return files
}

// N shards merged learn, byte for byte, the table of one run of the same games: for the first
// generation (by two methods, from the same statistics) and, with the merged table read back
// from its KLV2 file as --from, for the second.
func TestShardsMergeExactly(t *testing.T) {
	t.Parallel()
	lex := smallSetLexicon(t)
	base := LearnOptions{Lexicon: lex, Games: 60, Seed: 7, batch: testBatch}
	learn := func(gens int, method Method) []byte {
		o := base
		o.Generations, o.Workers, o.Method = gens, 2, method
		l, err := Learn(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		return klvBytes(t, l.Set, l.Values)
	}
	dir := t.TempDir()
	files := playShards(t, base, 1, 3, nil, dir)
	var g1 []byte
	// Contains fits from the racks' statistics as Racks does: Kept stands for the others.
	for _, method := range []Method{Racks, Kept} {
		m, err := Merge(context.Background(), MergeOptions{Files: files, Tiles: lex.Tiles, Method: method})
		if err != nil {
			t.Fatal(err)
		}
		got := klvBytes(t, m.Set, m.Values)
		if !bytes.Equal(got, learn(1, method)) {
			t.Fatalf("%s: generation 1 of 3 shards merged differs from one run", method)
		}
		if m.Reports[0].Method != method || method == Kept && m.Reports[0].KeptSD == 0 {
			t.Errorf("%s: report %+v", method, m.Reports[0])
		}
		if method == Racks {
			g1 = got
		}
	}
	path := filepath.Join(dir, "g1.klv2")
	if err := os.WriteFile(path, g1, 0o644); err != nil {
		t.Fatal(err)
	}
	table, err := equity.ReadKLVFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m2, err := Merge(context.Background(), MergeOptions{Files: playShards(t, base, 2, 2, table, t.TempDir()), Tiles: lex.Tiles, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(learn(2, Racks), klvBytes(t, m2.Set, m2.Values)) {
		t.Fatal("generation 2 of 2 shards merged differs from a run of 2 generations")
	}
}

// A shard stopped part way resumes from its state file (by running the same shard again), and
// a finished shard run again plays nothing; the statistics are those of a shard never
// stopped.
func TestShardResumes(t *testing.T) {
	t.Parallel()
	lex := smallSetLexicon(t)
	dir := t.TempDir()
	sh := Shard{Generation: 1, Index: 1, Count: 2}
	// Shard 1 of 2 is games 24-47: batches of 16 and 8 on one worker.
	o := ShardOptions{LearnOptions: LearnOptions{Lexicon: lex, Games: 48, Seed: 3, Workers: 1, batch: testBatch}, Shard: sh,
		Out: filepath.Join(dir, "s.leavestats"), Host: "test"}
	ref := o
	ref.Out = filepath.Join(dir, "ref.leavestats")
	if _, err := LearnShard(context.Background(), ref); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	stopped := o
	stopped.Progress = func(p Progress) {
		if p.Games >= testBatch {
			cancel()
		}
	}
	if _, err := LearnShard(ctx, stopped); !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped shard: %v", err)
	}
	h, err := readStatsHeader(o.Out + ".ckpt")
	if err != nil || h.Done != 24+testBatch || h.Finished() {
		t.Fatalf("state file: %+v, %v", h, err)
	}
	if _, err := Merge(context.Background(), MergeOptions{Files: []string{o.Out + ".ckpt"}, Tiles: lex.Tiles}); err == nil ||
		!strings.Contains(err.Error(), "not finished") {
		t.Errorf("merging a state file: %v", err)
	}
	var resumedAt *Progress
	again := o
	again.Workers = 2
	again.Progress = func(p Progress) {
		if resumedAt == nil {
			resumedAt = &p
		}
	}
	res, err := LearnShard(context.Background(), again)
	if err != nil {
		t.Fatal(err)
	}
	if res.Resumed != testBatch || resumedAt == nil || resumedAt.Phase != "resume" {
		t.Errorf("resumed %d games, first progress %+v", res.Resumed, resumedAt)
	}
	if _, err := os.Stat(o.Out + ".ckpt"); err == nil {
		t.Error("the state file is left after the statistics were written")
	}
	_, a, err := readStats(ref.Out)
	if err != nil {
		t.Fatal(err)
	}
	hb, b, err := readStats(o.Out)
	if err != nil {
		t.Fatal(err)
	}
	ha, _ := readStatsHeader(ref.Out)
	if ha.Turns != hb.Turns || ha.SumSq != hb.SumSq || ha.NextSumSq != hb.NextSumSq ||
		!equalSections(a.racks, b.racks) || !equalSections(a.next, b.next) {
		t.Error("the resumed shard's statistics differ from a shard never stopped")
	}
	res, err = LearnShard(context.Background(), o)
	if err != nil || !res.Already {
		t.Errorf("a finished shard run again: %+v, %v", res, err)
	}
	// Another shard's settings on the same file are refused, not overwritten.
	other := o
	other.Seed = 4
	if _, err := LearnShard(context.Background(), other); err == nil || !strings.Contains(err.Error(), "seed 3 ≠ 4") {
		t.Errorf("another run's file: %v", err)
	}
}

func equalSections(a, b section) bool {
	if len(a.idx) != len(b.idx) {
		return false
	}
	for i := range a.idx {
		if a.idx[i] != b.idx[i] || a.sums[i] != b.sums[i] || a.counts[i] != b.counts[i] {
			return false
		}
	}
	return true
}

// Merge refuses what does not make a generation, naming it; status says what is where.
func TestMergeRefusesAndStatus(t *testing.T) {
	t.Parallel()
	lex := smallSetLexicon(t)
	base := LearnOptions{Lexicon: lex, Games: 45, Seed: 5, Workers: 1, batch: testBatch}
	dir := t.TempDir()
	files := playShards(t, base, 1, 3, nil, dir)
	merge := func(files ...string) error {
		_, err := Merge(context.Background(), MergeOptions{Files: files, Tiles: lex.Tiles})
		return err
	}
	if err := merge(files[0], files[2]); err == nil || !strings.Contains(err.Error(), "1 of the 3 shards missing: 1") {
		t.Errorf("a shard missing: %v", err)
	}
	if err := merge(files[0], files[1], files[2], files[1]); err == nil || !strings.Contains(err.Error(), "shard 1 given twice") {
		t.Errorf("a shard twice: %v", err)
	}
	otherDir := t.TempDir()
	other := base
	other.Seed = 6
	otherFiles := playShards(t, other, 1, 3, nil, otherDir)
	if err := merge(files[0], files[1], otherFiles[2]); err == nil || !strings.Contains(err.Error(), "seed 5 ≠ 6") {
		t.Errorf("another run's shard: %v", err)
	}
	b, err := os.ReadFile(files[1])
	if err != nil {
		t.Fatal(err)
	}
	damaged := filepath.Join(t.TempDir(), "damaged"+StatsExt)
	b[len(b)-10] ^= 1
	if err := os.WriteFile(damaged, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := merge(files[0], damaged, files[2]); err == nil || !strings.Contains(err.Error(), "checksum") || !strings.Contains(err.Error(), damaged) {
		t.Errorf("a damaged file: %v", err)
	}

	// Status: shard 2 finished, shard 0 under way (its state file), shard 1 missing.
	sdir := t.TempDir()
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	clock := now
	base.Now = func() time.Time { clock = clock.Add(time.Second); return clock }
	two := ShardOptions{LearnOptions: base, Shard: Shard{Generation: 1, Index: 2, Count: 3}, Out: filepath.Join(sdir, "two"+StatsExt), Host: "a"}
	if _, err := LearnShard(context.Background(), two); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	zero := ShardOptions{LearnOptions: base, Shard: Shard{Generation: 1, Index: 0, Count: 3}, Out: filepath.Join(sdir, "zero"+StatsExt), Host: "b"}
	zero.Games = 96 // another run: its own generation in the report
	zero.Progress = func(p Progress) { cancel() }
	if _, err := LearnShard(ctx, zero); !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(sdir, "notes.txt"), []byte("not a shard"), 0o644)
	gens, bad, err := Status(sdir, clock.Add(10*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if len(bad) != 0 || len(gens) != 2 {
		t.Fatalf("status: %+v, bad %+v", gens, bad)
	}
	var g45, g96 GenerationStatus
	for _, g := range gens {
		if g.Games == 45 {
			g45 = g
		} else {
			g96 = g
		}
	}
	if len(g45.Finished) != 1 || g45.Finished[0].Shard != 2 || Ranges(g45.Missing) != "0-1" || g45.GamesDone != 15 ||
		g45.GamesPerSec <= 0 || g45.ETA <= 0 {
		t.Errorf("generation of 45 games: %+v", g45)
	}
	if len(g96.Running) != 1 || g96.Running[0].Shard != 0 || g96.Running[0].Done != testBatch || g96.Running[0].Host != "b" ||
		Ranges(g96.Missing) != "1-2" {
		t.Errorf("generation of 96 games: %+v", g96)
	}
	os.WriteFile(filepath.Join(sdir, "two"+StatsExt), b[:len(b)/2], 0o644)
	if _, bad, _ = Status(sdir, clock); len(bad) != 1 || !strings.Contains(bad[0].File, "two") {
		t.Errorf("a damaged file in status: %+v", bad)
	}
}

func TestParseShard(t *testing.T) {
	t.Parallel()
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	for _, c := range []struct {
		in          string
		env         map[string]string
		index, want int
		err         string
	}{
		{in: "0/1", index: 0, want: 1},
		{in: "3/8", index: 3, want: 8},
		{in: "8/8", err: "from 0 to 7"},
		{in: "-1/8", err: "from 0 to 7"},
		{in: "3", err: "expected I/N"},
		{in: "1/0", err: "expected 1 to"},
		{in: "auto/4", err: "SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX"},
		{in: "auto/4", env: map[string]string{"SLURM_ARRAY_TASK_ID": "2"}, index: 2, want: 4},
		{in: "auto/4", env: map[string]string{"JOB_COMPLETION_INDEX": "3"}, index: 3, want: 4},
		{in: "auto/4", env: map[string]string{"JOB_COMPLETION_INDEX": "4"}, err: "JOB_COMPLETION_INDEX is 4"},
		{in: "auto/4", env: map[string]string{"SLURM_ARRAY_TASK_ID": "x"}, err: "SLURM_ARRAY_TASK_ID is x"},
	} {
		env = c.env
		i, n, err := ParseShard(c.in, getenv)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s %v: %v, want %q", c.in, c.env, err, c.err)
			}
			continue
		}
		if err != nil || i != c.index || n != c.want {
			t.Errorf("%s %v: %d/%d %v", c.in, c.env, i, n, err)
		}
	}
	// The shards cut a generation into consecutive ranges that cover it.
	for _, games := range []int{1, 7, 100, 1_000_003} {
		for _, count := range []int{1, 3, 7} {
			if count > games {
				continue
			}
			next := 0
			for i := range count {
				lo, hi := Shard{Index: i, Count: count}.Games(games)
				if lo != next || hi <= lo {
					t.Fatalf("%d games, shard %d/%d: %d–%d", games, i, count, lo, hi)
				}
				next = hi
			}
			if next != games {
				t.Fatalf("%d games in %d shards end at %d", games, count, next)
			}
		}
	}
}

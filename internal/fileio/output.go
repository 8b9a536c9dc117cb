package fileio

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// Output is a file being written. What is written goes to a temporary file beside the target
// (made at the first write), and Commit puts it in place: synced, checked that nobody else
// wrote the target meanwhile, renamed over it, the directory synced. Until Commit succeeds the
// target is as it was; Abort, or any failure, leaves it so and removes the temporary file.
//
// Create takes the target's writer lock (a hidden ".NAME.lock" file beside it, locked with
// flock where the system has it and removed on Commit or Abort; a lock left by a killed
// process is free again), so a second atril writing the same file fails at once instead of
// one of the two results being lost.
type Output struct {
	name   string // as the user gave it, for messages
	path   string // the target, symbolic links followed
	tmp    *os.File
	lock   *writeLock
	before fs.FileInfo // the target when writing began; nil when it did not exist
	err    error       // the first write error: Commit fails with it
	done   bool
}

// CheckOutput refuses an output path that exists and is not a regular file once symbolic
// links are followed (a FIFO, a device, a directory): atril writes files, and replacing
// /dev/null, or writing into a pipe nobody reads, is never what was meant.
func CheckOutput(path string) error {
	fi, err := os.Stat(path)
	switch {
	case err == nil && !fi.Mode().IsRegular():
		return &NotRegularError{Path: path, Mode: fi.Mode(), Output: true}
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return err
	}
	return nil
}

// Create starts writing path (see Output): a target that is not a regular file is refused
// (CheckOutput), and so is one another atril is writing.
func Create(path string) (*Output, error) {
	if err := CheckOutput(path); err != nil {
		return nil, err
	}
	target := path
	if real, err := filepath.EvalSymlinks(path); err == nil {
		target = real // write the file a link points to, not over the link
	}
	dir := filepath.Dir(target)
	if di, err := os.Stat(dir); err != nil {
		return nil, err
	} else if !di.IsDir() {
		return nil, &fs.PathError{Op: "open", Path: dir, Err: syscall.ENOTDIR}
	}
	lk, err := takeLock(path, target)
	if err != nil {
		return nil, err
	}
	o := &Output{name: path, path: target, lock: lk}
	if fi, err := os.Stat(target); err == nil {
		o.before = fi
	}
	return o, nil
}

// Write writes to the temporary file, made at the first write.
func (o *Output) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	if o.done {
		return 0, i18n.E("fileio.write_closed", "File", o.name)
	}
	if o.tmp == nil {
		if err := o.makeTemp(); err != nil {
			o.err = err
			return 0, err
		}
	}
	n, err := o.tmp.Write(p)
	if err != nil {
		o.err = i18n.Wrap(err, "fileio.write", "File", o.name)
	}
	return n, o.err
}

func (o *Output) makeTemp() error {
	f, err := os.CreateTemp(filepath.Dir(o.path), "."+filepath.Base(o.path)+".tmp*")
	if err != nil {
		return i18n.Wrap(err, "fileio.write", "File", o.name)
	}
	mode := fs.FileMode(0o644) // CreateTemp makes 0600; these are ordinary files
	if o.before != nil {
		mode = o.before.Mode().Perm()
	}
	if err := f.Chmod(mode); err != nil {
		f.Close()
		os.Remove(f.Name())
		return i18n.Wrap(err, "fileio.write", "File", o.name)
	}
	o.tmp = f
	return nil
}

// Commit puts what was written in place of the target (an Output never written is an empty
// file). Any failure leaves the target as it was and is returned; the lock is released
// either way.
func (o *Output) Commit() error {
	if o.done {
		return i18n.E("fileio.write_closed", "File", o.name)
	}
	defer o.Abort()
	if o.err != nil {
		return o.err
	}
	if o.tmp == nil {
		if err := o.makeTemp(); err != nil {
			return err
		}
	}
	if err := o.tmp.Sync(); err != nil {
		return i18n.Wrap(err, "fileio.write", "File", o.name)
	}
	if err := o.tmp.Close(); err != nil {
		return i18n.Wrap(err, "fileio.write", "File", o.name)
	}
	if err := o.unchanged(); err != nil {
		return err
	}
	if err := os.Rename(o.tmp.Name(), o.path); err != nil {
		return i18n.Wrap(err, "fileio.write", "File", o.name)
	}
	o.tmp = nil // in place: nothing to remove
	if err := syncDir(filepath.Dir(o.path)); err != nil {
		return i18n.Wrap(err, "fileio.sync_dir", "File", o.name)
	}
	return nil
}

// Abort gives up: the temporary file is removed, the target left as it was, the lock released.
// It does nothing after Commit or Abort.
func (o *Output) Abort() {
	if o.done {
		return
	}
	o.done = true
	if o.tmp != nil {
		o.tmp.Close()
		os.Remove(o.tmp.Name())
		o.tmp = nil
	}
	o.lock.release()
}

// unchanged checks that the target is still what it was when writing began: another program
// (not an atril, which the lock keeps out) may have written it meanwhile.
func (o *Output) unchanged() error {
	now, err := os.Stat(o.path)
	switch {
	case err != nil && errors.Is(err, fs.ErrNotExist):
		return nil // removed meanwhile, or never there: nothing is lost by writing it
	case err != nil:
		return i18n.Wrap(err, "fileio.write", "File", o.name)
	case !now.Mode().IsRegular():
		return &NotRegularError{Path: o.name, Mode: now.Mode(), Output: true}
	case o.before == nil,
		!os.SameFile(o.before, now), now.Size() != o.before.Size(), !now.ModTime().Equal(o.before.ModTime()):
		return i18n.E("fileio.changed", "File", o.name)
	}
	return nil
}

// WriteFile writes path whole through an Output: write's error, or any of the file's, leaves
// the file as it was.
func WriteFile(path string, write func(w io.Writer) error) error {
	o, err := Create(path)
	if err != nil {
		return err
	}
	if err := write(o); err != nil {
		o.Abort()
		if o.err != nil {
			return o.err // the file's error, whatever write made of it
		}
		return err
	}
	return o.Commit()
}

// syncDir makes a rename in dir durable. File systems that cannot sync a directory say EINVAL:
// nothing more can be done there.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) && !errors.Is(err, syscall.ENOTSUP) {
		return err
	}
	return nil
}

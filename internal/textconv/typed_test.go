package textconv_test

import (
	"errors"
	"strconv"
	"testing"

	"github.com/fwkgo/fwk/internal/textconv"
)

// checkTyped runs conv over cases, comparing with want (ignored on error).
func checkTyped[T comparable](t *testing.T, cases []typedCase[T]) {
	t.Helper()
	conv, err := textconv.ForType[T]()
	if err != nil {
		t.Fatalf("ForType[%T]() error %v", *new(T), err)
	}
	for _, tt := range cases {
		got, err := conv(tt.in)
		if tt.wantErr != nil {
			var be *textconv.Error
			if !errors.Is(err, tt.wantErr) || !errors.As(err, &be) || got != *new(T) {
				t.Errorf("ForType[%T](%q) = %v, %v, want zero, error wrapping %v", got, tt.in, got, err, tt.wantErr)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ForType[%T](%q) = %v, %v, want %v", got, tt.in, got, err, tt.want)
		}
	}
}

type typedCase[T any] struct {
	in      string
	want    T
	wantErr error
}

func TestForType(t *testing.T) {
	checkTyped(t, []typedCase[string]{{"a b", "a b", nil}, {"", "", nil}})
	checkTyped(t, []typedCase[int]{{"42", 42, nil}, {"-1", -1, nil}, {"x", 0, strconv.ErrSyntax}, {"99999999999999999999", 0, strconv.ErrRange}})
	checkTyped(t, []typedCase[int64]{{"-9223372036854775808", -9223372036854775808, nil}, {"9223372036854775808", 0, strconv.ErrRange}})
	checkTyped(t, []typedCase[int32]{{"2147483647", 2147483647, nil}, {"2147483648", 0, strconv.ErrRange}})
	checkTyped(t, []typedCase[uint]{{"3", 3, nil}, {"-3", 0, strconv.ErrSyntax}})
	checkTyped(t, []typedCase[uint64]{{"18446744073709551615", 18446744073709551615, nil}, {"18446744073709551616", 0, strconv.ErrRange}})
	checkTyped(t, []typedCase[float64]{{"0.5", 0.5, nil}, {"nan", 0, textconv.ErrNotFinite}, {"1e999", 0, strconv.ErrRange}})
	checkTyped(t, []typedCase[bool]{{"false", false, nil}, {"1", true, nil}, {"on", false, strconv.ErrSyntax}})
	// Types without a fast path go through reflection.
	checkTyped(t, []typedCase[int8]{{"-128", -128, nil}, {"128", 0, strconv.ErrRange}})
	checkTyped(t, []typedCase[myInt]{{"12", 12, nil}, {"z", 0, strconv.ErrSyntax}})
	checkTyped(t, []typedCase[level]{{"info", 1, nil}, {"1", 0, errLevel}})
	checkTyped(t, []typedCase[myUUID]{{"6ba7b810-9dad-11d1-80b4-00c04fd430c8", myUUID(uuidBytes), nil}, {"x", myUUID{}, strconv.ErrSyntax}})
}

func TestForTypeUnsupported(t *testing.T) {
	if _, err := textconv.ForType[map[string]int](); !errors.Is(err, textconv.ErrUnsupported) {
		t.Errorf("ForType[map[string]int]() error = %v, want ErrUnsupported", err)
	}
	if _, err := textconv.ForType[any](); !errors.Is(err, textconv.ErrUnsupported) {
		t.Errorf("ForType[any]() error = %v, want ErrUnsupported", err)
	}
}

// TestForTypeIntNoAlloc pins the zero-allocation claim of the fast paths.
func TestForTypeIntNoAlloc(t *testing.T) {
	conv, err := textconv.ForType[int]()
	if err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = conv("123456") }); n != 0 {
		t.Errorf("ForType[int] conversion allocates %v times, want 0", n)
	}
}

// TestForIntAllocs pins the reflect path at one allocation (the new value).
func TestForIntAllocs(t *testing.T) {
	conv, err := textconv.For(reflectTypeInt)
	if err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = conv("123456") }); n > 1 {
		t.Errorf("For(int) conversion allocates %v times, want at most 1", n)
	}
}

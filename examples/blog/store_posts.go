package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Post is a blog post, and the model of the API's PostResource: its
// validate tags are checked on every write through the API.
type Post struct {
	ID        int64     `json:"id"`
	Title     string    `json:"title" validate:"required,max=200"`
	Body      string    `json:"body" validate:"required,max=20000"`
	Published bool      `json:"published"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// Comment is a comment on a post, and the model of the API's
// CommentResource.
type Comment struct {
	ID        int64     `json:"id"`
	PostID    int64     `json:"post_id"`
	Author    string    `json:"author" validate:"required,max=100"`
	Body      string    `json:"body" validate:"required,max=5000"`
	CreatedAt time.Time `json:"created_at"`
}

const postColumns = `id, title, body, published, created_at, updated_at`

// scanPost reads one row of postColumns.
func scanPost(row rowScanner) (*Post, error) {
	p := &Post{}
	err := row.Scan(&p.ID, &p.Title, &p.Body, &p.Published, &p.CreatedAt, &p.UpdatedAt)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// Posts returns the posts, newest first; with publishedOnly, only the
// published ones. limit caps the count (at most 100).
func (s *Store) Posts(ctx context.Context, publishedOnly bool, limit int) ([]*Post, error) {
	if limit <= 0 || limit > 100 {
		limit = 100
	}
	q := `SELECT ` + postColumns + ` FROM posts`
	if publishedOnly {
		q += ` WHERE published = TRUE`
	}
	q += ` ORDER BY created_at DESC, id DESC LIMIT ?`
	return queryAll(ctx, s, "list posts", scanPost, q, limit)
}

// Post returns the post with id, or an error wrapping ErrNotFound.
func (s *Store) Post(ctx context.Context, id int64) (*Post, error) {
	row := s.db.QueryRowContext(ctx, s.dialect.rebind(`SELECT `+postColumns+` FROM posts WHERE id = ?`), id)
	p, err := scanPost(row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("post %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("blog: post %d: %w", id, err)
	}
	return p, nil
}

// CreatePost stores a new post and fills its ID and timestamps.
func (s *Store) CreatePost(ctx context.Context, p *Post) error {
	p.CreatedAt = now()
	p.UpdatedAt = p.CreatedAt
	row := s.db.QueryRowContext(ctx, s.dialect.rebind(
		`INSERT INTO posts (title, body, published, created_at, updated_at) VALUES (?, ?, ?, ?, ?) RETURNING id`),
		p.Title, p.Body, p.Published, p.CreatedAt, p.UpdatedAt)
	if err := row.Scan(&p.ID); err != nil {
		return fmt.Errorf("blog: create post: %w", err)
	}
	return nil
}

// UpdatePost saves the title, body and published flag of p and refreshes
// its UpdatedAt.
func (s *Store) UpdatePost(ctx context.Context, p *Post) error {
	p.UpdatedAt = now()
	res, err := s.db.ExecContext(ctx, s.dialect.rebind(
		`UPDATE posts SET title = ?, body = ?, published = ?, updated_at = ? WHERE id = ?`),
		p.Title, p.Body, p.Published, p.UpdatedAt, p.ID)
	return rowChanged(res, err, "update post", p.ID)
}

// DeletePost deletes the post with id and its comments.
func (s *Store) DeletePost(ctx context.Context, id int64) error {
	res, err := s.db.ExecContext(ctx, s.dialect.rebind(`DELETE FROM posts WHERE id = ?`), id)
	return rowChanged(res, err, "delete post", id)
}

// rowChanged turns the result of an UPDATE or DELETE of one row into an
// error: ErrNotFound when no row had the id.
func rowChanged(res sql.Result, err error, what string, id int64) error {
	if err != nil {
		return fmt.Errorf("blog: %s %d: %w", what, id, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("blog: %s %d: %w", what, id, err)
	}
	if n == 0 {
		return fmt.Errorf("blog: %s %d: %w", what, id, ErrNotFound)
	}
	return nil
}

const commentColumns = `id, post_id, author, body, created_at`

// scanComment reads one row of commentColumns.
func scanComment(row rowScanner) (*Comment, error) {
	c := &Comment{}
	if err := row.Scan(&c.ID, &c.PostID, &c.Author, &c.Body, &c.CreatedAt); err != nil {
		return nil, err
	}
	return c, nil
}

// Comments returns the comments of a post, oldest first.
func (s *Store) Comments(ctx context.Context, postID int64) ([]*Comment, error) {
	return queryAll(ctx, s, "list comments", scanComment,
		`SELECT `+commentColumns+` FROM comments WHERE post_id = ? ORDER BY id`, postID)
}

// Comment returns the comment id of post postID, or an error wrapping
// ErrNotFound (also when the comment belongs to another post).
func (s *Store) Comment(ctx context.Context, postID, id int64) (*Comment, error) {
	row := s.db.QueryRowContext(ctx, s.dialect.rebind(
		`SELECT `+commentColumns+` FROM comments WHERE post_id = ? AND id = ?`), postID, id)
	c, err := scanComment(row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("comment %d of post %d: %w", id, postID, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("blog: comment %d: %w", id, err)
	}
	return c, nil
}

// CreateComment stores a new comment and fills its ID and CreatedAt.
func (s *Store) CreateComment(ctx context.Context, c *Comment) error {
	c.CreatedAt = now()
	row := s.db.QueryRowContext(ctx, s.dialect.rebind(
		`INSERT INTO comments (post_id, author, body, created_at) VALUES (?, ?, ?, ?) RETURNING id`),
		c.PostID, c.Author, c.Body, c.CreatedAt)
	if err := row.Scan(&c.ID); err != nil {
		return fmt.Errorf("blog: create comment on post %d: %w", c.PostID, err)
	}
	return nil
}

// DeleteComment deletes comment id of post postID.
func (s *Store) DeleteComment(ctx context.Context, postID, id int64) error {
	res, err := s.db.ExecContext(ctx, s.dialect.rebind(
		`DELETE FROM comments WHERE post_id = ? AND id = ?`), postID, id)
	return rowChanged(res, err, "delete comment", id)
}

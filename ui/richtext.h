#pragma once

#include <QString>

namespace sqlmend::ui {

// Text for rich-text labels: a model's markdown, and advice whose names are `code spans`.
// Nothing in the input gets to load images or style the window: raw HTML stays text.
class RichText
{
public:
    // A model's reply rendered from GitHub markdown; a ``` fence that starts in the middle of a
    // line starts on a line of its own, as the model meant it.
    static QString fromMarkdown(const QString &markdown);
    // Plain text, escaped, with `code` (a run of backticks up to the next run of as many, as in
    // markdown) in the fixed font; line breaks kept. An unmatched backtick stays a backtick.
    static QString withCodeSpans(const QString &text);
    // What a reader of the HTML sees, for tests and screen readers.
    static QString toPlainText(const QString &html);
};

} // namespace sqlmend::ui

#pragma once

#include <QString>
#include <QStringList>
#include <QStringView>

namespace sqlmend::core {

// Full-text search works on words. Chinese, Japanese and Korean text has no spaces between
// words, so a run of such characters becomes its overlapping character bigrams ("每个客户" ->
// "每个 个客 客户"): the same words then match on SQLite's unicode61 tokenizer and on
// PostgreSQL's 'simple' configuration, without extensions.

// Lower-case terms of text in order: runs of letters and digits, CJK runs as bigrams.
QStringList searchTerms(QStringView text);

// What the index holds for a case: the terms of its question and notes, space-separated, cut
// at a bound (a PostgreSQL tsvector holds at most 1 MB).
QString searchDocument(QStringView question, QStringView notes);

// At most maxTerms distinct terms of a question, for a ranked OR query.
QStringList queryTerms(QStringView question, int maxTerms = 32);

} // namespace sqlmend::core

#pragma once

#include "core/result.h"

#include <QCoreApplication>
#include <QString>
#include <QStringView>

namespace sqlmend::core {

struct ExtractedSql
{
    enum class Source {
        SqlFence,   // ```sql ... ```
        JsonField,  // {"sql": "..."}, bare or fenced
        OtherFence, // a fence without a SQL language whose body reads as SQL
        Bare,       // the reply is the SQL
        InlineCode, // `SELECT ...` inside prose
        AfterProse, // "Here is the query: SELECT ..."
    };
    QString sql; // without a trailing ';'
    Source source = Source::SqlFence;
};

// Finds the SQL in a model's reply. Reasoning blocks (<think>...</think>, as DeepSeek-R1 and Qwen
// write them) are ignored. When a reply holds several ```sql fences the LAST one wins: models
// that show a draft and then the corrected query put the answer last. Then, in order: a JSON
// object with "sql" (or "query"), another fence that reads as SQL, a reply that starts with SQL,
// inline code, SQL after a sentence. A trailing explanation after the statement is dropped.
class ReplyParser
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::ReplyParser)

public:
    // Failure codes: "empty_reply", "no_sql".
    static Result<ExtractedSql> extract(QStringView reply);
    static QString stripReasoning(QStringView reply);
    // Starts (after comments) with a statement keyword written as SQL, not as a sentence.
    static bool looksLikeSql(QStringView text);
    static QString sourceName(ExtractedSql::Source source);
};

} // namespace sqlmend::core

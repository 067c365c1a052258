#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

namespace sqlmend::ui {

// A token-level difference between two SQL texts, for the retry timeline: which tokens an
// attempt added to the previous attempt's SQL and which it removed. White space is ignored.
struct SqlDiff
{
    struct Range
    {
        qsizetype offset = 0;
        qsizetype length = 0;
        friend bool operator==(const Range &, const Range &) = default;
    };

    QList<Range> added;   // ranges of the new text
    QList<Range> removed; // ranges of the old text
    QStringList addedTokens;
    QStringList removedTokens;
    // What a person reads: each run of changed tokens as one fragment ("u.username"), spaced as
    // in the source but on one line, without a separator (",", ";") at either end, widened to
    // whole bracket pairs with the call's name ("CAST(price AS REAL)", never "AVG )"), each
    // distinct fragment once, in order.
    QStringList addedFragments;
    QStringList removedFragments;
    // True when the texts were too large to align token by token: the whole changed middle
    // between the common head and tail is marked.
    bool coarse = false;

    bool isEmpty() const { return added.isEmpty() && removed.isEmpty(); }

    // Inputs beyond this many token pairs in the changed middle are compared coarsely.
    static constexpr qsizetype maxCells = 4'000'000;

    static SqlDiff compare(QStringView before, QStringView after);
};

} // namespace sqlmend::ui

#pragma once

#include <QList>
#include <QStringList>
#include <QStringView>
#include <QVariantList>

namespace sqlmend::core {

struct ResultTable
{
    QStringList columns;
    QList<QVariantList> rows;
};

// Spider's execution-accuracy rule: same number of rows and columns, and the same multiset of rows
// (as lists; row order matters only when ordered is true). Values compare after normalisation:
// integers and integral doubles are equal (1 == 1.0), doubles to 1e-6 relative, NULL == NULL,
// strings exactly. Column names are ignored.
bool sameResult(const ResultTable &gold, const ResultTable &predicted, bool ordered);
// The same, with the predicted columns allowed in any order (as Spider's official evaluation
// allows them); up to six columns.
bool sameResultAnyColumnOrder(const ResultTable &gold, const ResultTable &predicted, bool ordered);
// true when the statement's outermost query has ORDER BY (tokenizer-based, not a substring test).
bool hasOuterOrderBy(QStringView sql);

} // namespace sqlmend::core

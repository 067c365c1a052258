#include "core/loop/schemagap.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

constexpr int MaxTables = 3;

QString unquoted(QStringView identifier)
{
    QString result;
    for (QChar c : identifier.trimmed()) {
        if (c != u'"' && c != u'\'' && c != u'`' && c != u'[' && c != u']')
            result.append(c);
    }
    return result;
}

QString lastPart(const QString &name)
{
    const qsizetype dot = name.lastIndexOf(u'.');
    return dot < 0 ? name : name.mid(dot + 1);
}

QString beforeLastPart(const QString &name)
{
    const QStringList parts = name.split(u'.');
    return parts.size() < 2 ? QString() : parts.at(parts.size() - 2);
}

} // namespace

QList<SchemaGap::Found> SchemaGap::find(const Diagnosis &diagnosis, const SchemaNames &schema,
                                        const QStringList &linked)
{
    QList<Found> found;
    const auto add = [&](const QString &name, const QString &tableName) {
        const SchemaNames::Table *table = schema.findTable(tableName);
        if (!table || linked.contains(table->name, Qt::CaseInsensitive)
            || found.size() >= MaxTables)
            return;
        for (const Found &earlier : std::as_const(found)) {
            if (earlier.table.compare(table->name, Qt::CaseInsensitive) == 0)
                return;
        }
        found.append({name, table->name});
    };
    const RuleMatch &match = diagnosis.classification.match;
    const QString named = unquoted(match.capture(Capture::Name));
    switch (diagnosis.errorClass()) {
    case ErrorClass::ColumnMissing: {
        const QString column = lastPart(named);
        if (column.isEmpty())
            break;
        // The column verbatim, wherever it lives; then the advice's closest spellings that
        // live in a table the prompt did not show ("users.city").
        for (const QString &holder : schema.tablesWithColumn(column)) {
            const SchemaNames::Table *table = schema.findTable(lastPart(holder));
            add(table ? table->realColumn(column) : column, lastPart(holder));
        }
        for (const QString &suggestion : diagnosis.advice.suggestions) {
            const QString qualifier = beforeLastPart(suggestion);
            if (!qualifier.isEmpty())
                add(lastPart(suggestion), qualifier);
        }
        break;
    }
    case ErrorClass::TableMissing: {
        const QString table = lastPart(named);
        if (!table.isEmpty() && schema.findTable(table))
            add(schema.findTable(table)->name, table);
        for (const QString &suggestion : diagnosis.advice.suggestions) {
            if (const SchemaNames::Table *real = schema.findTable(lastPart(suggestion)))
                add(real->name, real->name);
        }
        break;
    }
    default:
        break;
    }
    return found;
}

QString SchemaGap::advice(const QList<Found> &found)
{
    QStringList sentences;
    for (const Found &gap : found) {
        if (gap.isTable())
            sentences.append(tr("The table `%1` exists but was not in the schema the model was "
                                "given; it is added to the next prompt.")
                                     .arg(gap.table));
        else
            sentences.append(tr("`%1` exists in table `%2`, which was not in the schema the model "
                                "was given; it is added to the next prompt.")
                                     .arg(gap.name, gap.table));
    }
    return sentences.join(u' ');
}

} // namespace sqlmend::core

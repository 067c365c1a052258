#include "core/repair/tableprefixedname.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// Lower case without underscores: CountryCode and country_code read alike.
QString folded(QStringView name)
{
    QString result = name.toString().toLower();
    result.remove(u'_');
    return result;
}

// A column of the schema that the wrong name may stand for as written: one spelled like it but
// for case and underscores, or one that ends with it (caused_by_ship_id for ship_id).
bool readsAsAnotherColumn(const SchemaNames &schema, QStringView wrong)
{
    const QString name = folded(wrong);
    for (const SchemaNames::Table &table : schema.tables) {
        for (const QString &column : table.columns) {
            if (folded(column).endsWith(name))
                return true;
        }
    }
    return false;
}

} // namespace

std::optional<Repair> TablePrefixedName::propose(const RepairInput &input) const
{
    const SchemaNames *schema = input.schema();
    if (!schema || input.errorClass() != ErrorClass::ColumnMissing)
        return std::nullopt;
    const QString wrong =
            repairtext::lastNamePart(repairtext::unquotedName(input.capture(Capture::Name)));
    if (wrong.isEmpty() || !wrong.contains(u'_') || readsAsAnotherColumn(*schema, wrong))
        return std::nullopt;
    const QueryScope &scope = input.scope();
    if (scope.isOutputAlias(wrong))
        return std::nullopt;
    const auto spelled = [&](const QString &name, bool quoted) {
        return repairtext::spelledName(name, input.engine(), quoted);
    };

    // A source's table in the schema, or none for a derived table or an unknown one.
    const auto tableOf = [&](const QueryScope::Source &source) -> const SchemaNames::Table * {
        return source.derived ? nullptr : schema->findTable(source.table);
    };
    // The table's own column the wrong name stands for, when it is written after that table's
    // name: the real spelling of the rest, or empty.
    const auto restOf = [&](const SchemaNames::Table *table) -> QString {
        if (!table || wrong.size() <= table->name.size() + 1
            || !wrong.startsWith(table->name + u'_', Qt::CaseInsensitive))
            return {};
        return table->realColumn(QStringView(wrong).mid(table->name.size() + 1));
    };

    struct Change
    {
        qsizetype token = -1;
        const QueryScope::Source *source = nullptr;
        QString column;
        bool qualified = false;
    };
    QList<Change> changes;
    for (const QueryScope::Reference &reference : scope.references) {
        if (!repairtext::namesIt(scope.tokens.at(reference.token), wrong))
            continue;
        Change change{reference.token, nullptr, {}, !reference.qualifier.isEmpty()};
        if (change.qualified) {
            change.source = scope.find(reference.qualifier, reference.block);
            if (!change.source)
                return std::nullopt;
            change.column = restOf(tableOf(*change.source));
        } else {
            // One source of the name's own block: a table of an outer block would make it a
            // correlated reference the model did not write.
            for (const QueryScope::Source &source : scope.sources) {
                if (source.block != reference.block)
                    continue;
                const SchemaNames::Table *table = tableOf(source);
                if (!table)
                    return std::nullopt; // a source whose columns are not known may have it
                const QString column = restOf(table);
                if (column.isEmpty())
                    continue;
                if (change.source)
                    return std::nullopt; // two sources it could stand for
                change.source = &source;
                change.column = column;
            }
        }
        // The NULL side of an outer join: the model may have meant the other side's key.
        if (!change.source || change.column.isEmpty() || change.source->nullable)
            return std::nullopt;
        changes.append(change);
    }
    if (changes.isEmpty())
        return std::nullopt;

    // A comparison must not become a column compared with itself (ON people_people_id =
    // people.People_ID): the operand on the other side of an operator next to the name.
    const QList<SqlToken> &tokens = scope.tokens;
    const auto significant = [&](qsizetype from, int step) {
        return repairtext::significant(tokens, from, step);
    };
    // The source and column an operand stands for once the changes are made.
    const auto operand = [&](qsizetype column, qsizetype qualifier,
                             int block) -> std::pair<const QueryScope::Source *, QString> {
        for (const Change &change : std::as_const(changes)) {
            if (change.token == column)
                return {change.source, change.column};
        }
        if (!tokens.at(column).isIdentifier())
            return {nullptr, QString()};
        const QueryScope::Source *source =
                qualifier >= 0 ? scope.find(tokens.at(qualifier).name, block) : nullptr;
        return {source, tokens.at(column).name};
    };
    const auto selfCompared = [&](const Change &change, const QueryScope::Source *source,
                                  const QString &column) {
        return column.compare(change.column, Qt::CaseInsensitive) == 0
                && (!source || source == change.source);
    };
    for (const Change &change : std::as_const(changes)) {
        const int block = scope.blockAt(change.token);
        const qsizetype first = change.qualified ? change.token - 2 : change.token;
        for (const auto &[op, step] :
             {std::pair{significant(change.token, 1), 1}, std::pair{significant(first, -1), -1}}) {
            if (op < 0 || tokens.at(op).kind != SqlTokenKind::Operator)
                continue;
            const auto [column, qualifier] = repairtext::operandBeside(tokens, op, step);
            if (column < 0)
                continue;
            const auto [source, name] = operand(column, qualifier, block);
            if (selfCompared(change, source, name))
                return std::nullopt;
        }
    }

    QList<std::pair<qsizetype, QString>> replacements;
    QStringList spellings;
    for (const Change &change : std::as_const(changes)) {
        const QString column =
                spelled(change.column,
                        scope.tokens.at(change.token).kind == SqlTokenKind::QuotedIdentifier);
        const QString written = change.qualified
                ? column
                : repairtext::writtenName(change.source->alias, input.engine()) + u'.' + column;
        replacements.append({change.token, written});
        if (!spellings.contains(written))
            spellings.append(written);
    }
    return made(repairtext::replaced(input.sql(), scope.tokens, replacements),
                u"%1 -> %2"_s.arg(wrong, spellings.join(u", "_s)));
}

} // namespace sqlmend::core

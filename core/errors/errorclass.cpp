#include "core/errors/errorclass.h"

#include <array>

namespace sqlmend::core {

namespace {

struct ClassInfo
{
    ErrorClass errorClass;
    const char16_t *name;
    RetryPolicy policy;
};

// clang-format off
constexpr std::array<ClassInfo, 17> classTable{{
    {ErrorClass::Permission,        u"permission",          RetryPolicy::Stop},
    {ErrorClass::Timeout,           u"timeout",             RetryPolicy::NarrowOnce},
    {ErrorClass::StorageFormat,     u"storage_format",      RetryPolicy::Stop},
    {ErrorClass::ResourceExceeded,  u"resource_exceeded",   RetryPolicy::NarrowOnce},
    {ErrorClass::TypeUnsupported,   u"type_unsupported",    RetryPolicy::Stop},
    {ErrorClass::ColumnMissing,     u"column_missing",      RetryPolicy::Correct},
    {ErrorClass::FunctionMissing,   u"function_missing",    RetryPolicy::Correct},
    {ErrorClass::OperatorMismatch,  u"operator_mismatch",   RetryPolicy::Correct},
    {ErrorClass::TableMissing,      u"table_missing",       RetryPolicy::Correct},
    {ErrorClass::CastError,         u"cast_error",          RetryPolicy::Correct},
    {ErrorClass::Syntax,            u"syntax",              RetryPolicy::Correct},
    {ErrorClass::AmbiguousColumn,   u"ambiguous_column",    RetryPolicy::Correct},
    {ErrorClass::GroupBy,           u"group_by",            RetryPolicy::Correct},
    {ErrorClass::DivisionByZero,    u"division_by_zero",    RetryPolicy::Correct},
    {ErrorClass::ReadOnlyViolation, u"read_only_violation", RetryPolicy::Stop},
    {ErrorClass::Connection,        u"connection",          RetryPolicy::Transport},
    {ErrorClass::Other,             u"other",               RetryPolicy::Correct},
}};
// clang-format on

const ClassInfo &info(ErrorClass errorClass)
{
    for (const ClassInfo &entry : classTable) {
        if (entry.errorClass == errorClass)
            return entry;
    }
    return classTable.back();
}

} // namespace

QString errorClassName(ErrorClass errorClass)
{
    return QString::fromUtf16(info(errorClass).name);
}

std::optional<ErrorClass> errorClassFromName(QStringView name)
{
    const QStringView trimmed = name.trimmed();
    for (const ClassInfo &entry : classTable) {
        if (trimmed.compare(QStringView(entry.name), Qt::CaseInsensitive) == 0)
            return entry.errorClass;
    }
    return std::nullopt;
}

const QList<ErrorClass> &allErrorClasses()
{
    static const QList<ErrorClass> all = [] {
        QList<ErrorClass> list;
        for (const ClassInfo &entry : classTable)
            list.append(entry.errorClass);
        return list;
    }();
    return all;
}

bool isTerminal(ErrorClass errorClass)
{
    return info(errorClass).policy == RetryPolicy::Stop;
}

RetryPolicy retryPolicy(ErrorClass errorClass)
{
    return info(errorClass).policy;
}

} // namespace sqlmend::core

#include "core/engines/oracleengine.h"

#include "core/errors/errorrules.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

EngineFamily OracleEngine::ruleFamily() const
{
    return EngineFamily::Oracle;
}

QStringList OracleEngine::castSpellings(CastTarget target) const
{
    switch (target) {
    case CastTarget::Number:
        return {u"TO_NUMBER(col DEFAULT NULL ON CONVERSION ERROR)"_s};
    case CastTarget::Date:
        return {u"TO_DATE(col DEFAULT NULL ON CONVERSION ERROR, 'YYYY-MM-DD')"_s};
    case CastTarget::Text:
        return {u"TO_CHAR(col)"_s};
    }
    return {};
}

// Oracle ORA- numbers.
std::optional<ErrorClass> OracleEngine::errorCodeClass(int code, QStringView /*text*/) const
{
    switch (code) {
    case 942:
    case 4043:
        return ErrorClass::TableMissing;
    case 904:
        return ErrorClass::ColumnMissing;
    case 1722:
    case 1858:
    case 1861:
    case 1843:
    case 1847:
    case 1830:
    case 1840:
    case 1841:
    case 12899:
    case 6502:
    case 1438:
    case 1839:
    case 1821:
        return ErrorClass::CastError;
    case 918:
        return ErrorClass::AmbiguousColumn;
    case 936:
    case 933:
    case 907:
    case 923:
    case 921:
    case 917:
    case 911:
    case 900:
    case 906:
    case 920:
    case 905:
    case 925:
    case 969:
    case 1756:
    case 928:
        return ErrorClass::Syntax;
    case 979:
    case 937:
    case 934:
        return ErrorClass::GroupBy;
    case 1476:
        return ErrorClass::DivisionByZero;
    case 1031:
    case 1017:
    case 1045:
    case 28000:
    case 1749:
    case 1035:
        return ErrorClass::Permission;
    case 1013:
    case 54:
    case 60:
    case 4021:
    case 30006:
        return ErrorClass::Timeout;
    case 12154:
    case 12541:
    case 12514:
    case 12170:
    case 3113:
    case 3114:
    case 3135:
    case 12537:
    case 1034:
    case 1033:
    case 1089:
    case 12505:
    case 12543:
        return ErrorClass::Connection;
    case 4030:
    case 4031:
    case 1652:
    case 1653:
    case 1654:
    case 1536:
    case 30036:
    case 4036:
    case 1000:
        return ErrorClass::ResourceExceeded;
    case 932:
    case 1790:
        return ErrorClass::OperatorMismatch;
    case 902:
        return ErrorClass::TypeUnsupported;
    case 16000:
    case 1456:
        return ErrorClass::ReadOnlyViolation;
    case 1578:
    case 1110:
    case 1157:
        return ErrorClass::StorageFormat;
    case 6553:
        return ErrorClass::FunctionMissing;
    default:
        return std::nullopt;
    }
}

} // namespace sqlmend::core

#pragma once

#include <QString>

#include <utility>
#include <variant>

namespace sqlmend::core {

// The failure half of a Result: a message for people plus an optional machine-readable code.
struct Failure
{
    QString message;
    QString code;
};

template<typename E>
struct Unexpected
{
    E error;
};

template<typename E>
Unexpected<std::decay_t<E>> makeUnexpected(E &&error)
{
    return {std::forward<E>(error)};
}

inline Unexpected<Failure> makeFailure(QString message, QString code = {})
{
    return {Failure{std::move(message), std::move(code)}};
}

// A value or a structured error; no exception crosses a module or thread boundary
// (STYLE.md rule 18; GCC 12 has no std::expected in C++20).
template<typename T, typename E = Failure>
class Result
{
public:
    Result(const T &value) : m_data(std::in_place_index<0>, value) { }
    Result(T &&value) : m_data(std::in_place_index<0>, std::move(value)) { }
    template<typename U>
    Result(Unexpected<U> failure) : m_data(std::in_place_index<1>, std::move(failure.error))
    {
    }

    bool hasValue() const { return m_data.index() == 0; }
    explicit operator bool() const { return hasValue(); }

    const T &value() const & { return std::get<0>(m_data); }
    T &value() & { return std::get<0>(m_data); }
    T &&value() && { return std::get<0>(std::move(m_data)); }
    const T &operator*() const & { return value(); }
    const T *operator->() const { return &value(); }

    const E &error() const { return std::get<1>(m_data); }

    T valueOr(T fallback) const { return hasValue() ? value() : std::move(fallback); }

private:
    std::variant<T, E> m_data;
};

// Success without a value.
struct Done
{
};

} // namespace sqlmend::core
